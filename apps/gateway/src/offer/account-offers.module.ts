import { Module } from '@nestjs/common';
import { AdminTokenGuard } from '../account/admin-token.guard';
import { AccountOffersController } from './account-offers.controller';

@Module({ controllers: [AccountOffersController], providers: [AdminTokenGuard] })
export class AccountOffersModule {}

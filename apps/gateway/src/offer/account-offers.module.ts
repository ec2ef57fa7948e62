import { Module } from '@nestjs/common';
import { AdminTokenGuard } from '../account/admin-token.guard';
import { ServiceForwarder } from '../admin/service-forwarder';
import { AccountOffersController } from './account-offers.controller';

@Module({ controllers: [AccountOffersController], providers: [AdminTokenGuard, ServiceForwarder] })
export class AccountOffersModule {}

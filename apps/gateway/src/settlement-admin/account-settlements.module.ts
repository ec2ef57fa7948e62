import { Module } from '@nestjs/common';
import { AdminTokenGuard } from '../account/admin-token.guard';
import { ServiceForwarder } from '../admin/service-forwarder';
import { AccountSettlementsController } from './account-settlements.controller';

@Module({
  controllers: [AccountSettlementsController],
  providers: [AdminTokenGuard, ServiceForwarder],
})
export class AccountSettlementsModule {}

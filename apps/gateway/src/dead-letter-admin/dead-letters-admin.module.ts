import { Module } from '@nestjs/common';
import { AdminTokenGuard } from '../account/admin-token.guard';
import { ServiceForwarder } from '../admin/service-forwarder';
import { DeadLettersAdminController } from './dead-letters-admin.controller';

@Module({
  controllers: [DeadLettersAdminController],
  providers: [AdminTokenGuard, ServiceForwarder],
})
export class DeadLettersAdminModule {}

import { Module } from '@nestjs/common';
import { ProcessRefundJob } from './process-refund.job';
import { RefundController } from './refund.controller';

@Module({ controllers: [RefundController], providers: [ProcessRefundJob] })
export class RefundModule {}

import { Module } from '@nestjs/common';
import { ProcessRefundJob } from './process-refund.job';
import { RefundController } from './refund.controller';
import { RefundService } from './refund.service';

@Module({
  controllers: [RefundController],
  providers: [RefundService, ProcessRefundJob],
})
export class RefundModule {}

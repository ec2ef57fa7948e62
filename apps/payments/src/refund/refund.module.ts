import { Module } from '@nestjs/common';
import {
  OnInvoicePaymentRejectedConsumer,
  OnSubscriptionPaymentRejectedConsumer,
} from './on-payment-rejected.consumer';
import { ProcessRefundJob } from './process-refund.job';
import { RefundController } from './refund.controller';

@Module({
  controllers: [RefundController],
  providers: [
    ProcessRefundJob,
    OnInvoicePaymentRejectedConsumer,
    OnSubscriptionPaymentRejectedConsumer,
  ],
})
export class RefundModule {}

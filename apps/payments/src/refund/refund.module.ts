import { Module } from '@nestjs/common';
import {
  OnInvoicePaymentRejectedConsumer,
  OnSubscriptionPaymentRejectedConsumer,
} from './on-payment-rejected.consumer';
import { ProcessRefundJob } from './process-refund.job';
import { RefundController } from './refund.controller';
import { RefundService } from './refund.service';

@Module({
  controllers: [
    RefundController,
    OnInvoicePaymentRejectedConsumer,
    OnSubscriptionPaymentRejectedConsumer,
  ],
  providers: [RefundService, ProcessRefundJob],
})
export class RefundModule {}

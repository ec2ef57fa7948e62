import { Module } from '@nestjs/common';
import { AutoRefundJob } from './auto-refund.job';
import {
  OnInvoicePaymentRejectedConsumer,
  OnSubscriptionPaymentRejectedConsumer,
} from './on-payment-rejected.consumer';
import { PaymentFlowsController } from './payment-flows.controller';
import { PaymentFlowsService } from './payment-flows.service';
import { TestDisputeJob } from './test-dispute.job';

/** The use cases that write more than one stream, with the routes, jobs and consumers that start them. */
@Module({
  controllers: [
    PaymentFlowsController,
    OnInvoicePaymentRejectedConsumer,
    OnSubscriptionPaymentRejectedConsumer,
  ],
  providers: [PaymentFlowsService, AutoRefundJob, TestDisputeJob],
})
export class FlowsModule {}

import { Module } from '@nestjs/common';
import { AutoRefundJob } from './auto-refund.job';
import { ExpirePaymentLinkJob } from './expire-payment-link.job';
import {
  OnInvoicePaymentRejectedConsumer,
  OnSubscriptionPaymentRejectedConsumer,
} from './on-payment-rejected.consumer';
import { PaymentFlowsController } from './payment-flows.controller';
import { PaymentFlowsService } from './payment-flows.service';
import { PaymentLinkFlowsController } from './payment-link-flows.controller';
import { PaymentLinkFlowsService } from './payment-link-flows.service';
import { TestDisputeJob } from './test-dispute.job';

/** The use cases that write more than one stream, with the routes, jobs and consumers that start them. */
@Module({
  controllers: [
    PaymentFlowsController,
    PaymentLinkFlowsController,
    OnInvoicePaymentRejectedConsumer,
    OnSubscriptionPaymentRejectedConsumer,
  ],
  providers: [
    PaymentFlowsService,
    PaymentLinkFlowsService,
    AutoRefundJob,
    TestDisputeJob,
    ExpirePaymentLinkJob,
  ],
})
export class FlowsModule {}

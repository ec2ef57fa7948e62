import { Module } from '@nestjs/common';
import { SubscriptionModule } from '../subscription/subscription.module';
import { BillCycleJob } from './bill-cycle.job';
import { InvoiceFlowsController } from './invoice-flows.controller';
import { InvoiceFlowsService } from './invoice-flows.service';
import { OnSubscriptionPaymentConsumer } from './on-subscription-payment.consumer';
import { ExpireSubscriptionJob } from './expire-subscription.job';
import { RetryChargeJob } from './retry-charge.job';
import { SubscriptionFlowsController } from './subscription-flows.controller';
import { SubscriptionFlowsService } from './subscription-flows.service';

/** The use cases that write more than one stream, with the routes and jobs that start them. */
@Module({
  imports: [SubscriptionModule],
  controllers: [SubscriptionFlowsController, InvoiceFlowsController, OnSubscriptionPaymentConsumer],
  providers: [
    SubscriptionFlowsService,
    InvoiceFlowsService,
    BillCycleJob,
    RetryChargeJob,
    ExpireSubscriptionJob,
  ],
})
export class FlowsModule {}

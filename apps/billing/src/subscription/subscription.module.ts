import { Module } from '@nestjs/common';
import { OnSubscriptionPaymentConsumer } from './on-subscription-payment.consumer';
import { SubscriptionAuthorizationController } from './subscription-authorization.controller';
import { SubscriptionCommands } from './subscription-commands';
import { SubscriptionPageController } from './subscription-page.controller';
import { SubscriptionController } from './subscription.controller';
import { InvoiceModule } from '../invoice/invoice.module';
import {
  BillCycleJob,
  ExpireSubscriptionJob,
  NotifyLinkJob,
  RetryChargeJob,
} from './subscription.jobs';

@Module({
  imports: [InvoiceModule],
  controllers: [
    SubscriptionController,
    SubscriptionPageController,
    SubscriptionAuthorizationController,
  ],
  providers: [
    SubscriptionCommands,
    BillCycleJob,
    RetryChargeJob,
    ExpireSubscriptionJob,
    NotifyLinkJob,
    OnSubscriptionPaymentConsumer,
  ],
})
export class SubscriptionModule {}

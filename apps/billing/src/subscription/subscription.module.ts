import { Module } from '@nestjs/common';
import { OnSubscriptionPaymentConsumer } from './on-subscription-payment.consumer';
import { SubscriptionCommands } from './subscription-commands';
import { SubscriptionPageController } from './subscription-page.controller';
import { SubscriptionController } from './subscription.controller';
import { BillCycleJob, ExpireSubscriptionJob, RetryChargeJob } from './subscription.jobs';

@Module({
  controllers: [SubscriptionController, SubscriptionPageController],
  providers: [SubscriptionCommands, BillCycleJob, RetryChargeJob, ExpireSubscriptionJob, OnSubscriptionPaymentConsumer],
})
export class SubscriptionModule {}

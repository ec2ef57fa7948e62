import { Module } from '@nestjs/common';
import { OnSubscriptionPaymentConsumer } from './on-subscription-payment.consumer';
import { SubscriptionCommands } from './subscription-commands';
import { SubscriptionController } from './subscription.controller';
import { BillCycleJob, ExpireSubscriptionJob, RetryChargeJob } from './subscription.jobs';

@Module({
  controllers: [SubscriptionController],
  providers: [SubscriptionCommands, BillCycleJob, RetryChargeJob, ExpireSubscriptionJob, OnSubscriptionPaymentConsumer],
})
export class SubscriptionModule {}

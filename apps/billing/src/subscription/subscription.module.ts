import { Module } from '@nestjs/common';
import { ExpireSubscriptionJob } from './expire-subscription.job';
import { NotifyChangeJob } from './notify-change.job';
import { NotifyLinkJob } from './notify-link.job';
import { RetryChargeJob } from './retry-charge.job';
import { OnSubscriptionPaymentConsumer } from './on-subscription-payment.consumer';
import { SubscriptionAuthorizationController } from './subscription-authorization.controller';
import { SubscriptionService } from './subscription.service';
import { SubscriptionPageController } from './subscription-page.controller';
import { SubscriptionController } from './subscription.controller';
import { NotificationModule } from '../notification/notification.module';

@Module({
  imports: [NotificationModule],
  controllers: [
    SubscriptionController,
    SubscriptionPageController,
    SubscriptionAuthorizationController,
    OnSubscriptionPaymentConsumer,
  ],
  providers: [
    SubscriptionService,
    RetryChargeJob,
    ExpireSubscriptionJob,
    NotifyLinkJob,
    NotifyChangeJob,
  ],
})
export class SubscriptionModule {}

import { Module } from '@nestjs/common';
import { NotificationModule } from '@platform/notification';
import { NotifyChangeJob } from './notify-change.job';
import { NotifyLinkJob } from './notify-link.job';
import { SubscriptionAuthorizationController } from './subscription-authorization.controller';
import { SubscriptionService } from './subscription.service';
import { SubscriptionPageController } from './subscription-page.controller';
import { SubscriptionController } from './subscription.controller';

@Module({
  imports: [NotificationModule],
  controllers: [
    SubscriptionController,
    SubscriptionPageController,
    SubscriptionAuthorizationController,
  ],
  exports: [SubscriptionService],
  providers: [SubscriptionService, NotifyLinkJob, NotifyChangeJob],
})
export class SubscriptionModule {}

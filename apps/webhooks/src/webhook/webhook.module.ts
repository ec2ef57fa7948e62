import { Module } from '@nestjs/common';
import { AccountWebhookController, WebhookController } from './webhook.controller';
import { WebhookTargets } from './webhook-targets';
import { Webhooks } from './webhooks';

@Module({
  controllers: [WebhookController, AccountWebhookController],
  providers: [Webhooks, WebhookTargets],
  exports: [WebhookTargets],
})
export class WebhookModule {}

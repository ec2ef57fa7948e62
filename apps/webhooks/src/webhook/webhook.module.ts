import { Module } from '@nestjs/common';
import { AccountWebhookController, WebhookController } from './webhook.controller';
import { WebhookTargets } from './webhook-targets';
import { WebhookService } from './webhook.service';

@Module({
  controllers: [WebhookController, AccountWebhookController],
  providers: [WebhookService, WebhookTargets],
  exports: [WebhookTargets],
})
export class WebhookModule {}

import { Module } from '@nestjs/common';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { AlertMailer, LogAlertMailer, SmtpAlertMailer } from '../alert/alert-mailer';
import { WebhookModule } from '../webhook/webhook.module';
import type { WebhooksConfig } from '../webhooks.config';
import { DeliveryController } from './delivery.controller';
import { DeliveryDispatcher } from './delivery-dispatcher';
import { DeliveryService } from './delivery.service';
import { DeliveryIntake } from './delivery-intake';
import { EntityLookup } from './entity-lookup';
import { WebhookSender } from './webhook-sender';

function alertMailer(options: ServiceKitOptions): AlertMailer {
  const config = options.config as WebhooksConfig;
  return config.SMTP_URL
    ? new SmtpAlertMailer(config.SMTP_URL, config.SMTP_FROM)
    : new LogAlertMailer();
}

@Module({
  imports: [WebhookModule],
  controllers: [DeliveryController, DeliveryIntake],
  providers: [
    DeliveryService,
    EntityLookup,
    WebhookSender,
    DeliveryDispatcher,
    { provide: AlertMailer, useFactory: alertMailer, inject: [SERVICE_OPTIONS] },
  ],
})
export class DeliveryModule {}

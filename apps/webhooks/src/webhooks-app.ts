import type { ServiceApp } from '@platform/service-kit';
import { AppModule, WEBHOOKS_READ_MODELS } from './app.module';
import type { WebhooksConfig } from './webhooks.config';

/** The webhooks service: its module and its read models. */
export function webhooksApp(config: WebhooksConfig): ServiceApp {
  return {
    service: 'webhooks',
    module: AppModule.register(config),
    config,
    readModels: WEBHOOKS_READ_MODELS,
  };
}

import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import {
  DueJobsSchema1763900000000,
  EventStoreSchema1763800000000,
  IdempotentOutcomes1765400000000,
  StreamSnapshots1766200000000,
} from '@platform/event-store';
import { CatchUpHorizons1765000000100, DeadLettersSchema1764200000000 } from '@platform/messaging';
import { EntityHistoryModule, ServiceKitModule } from '@platform/service-kit';
import { DeliveryClaims1764100000300 } from './delivery/delivery-claims.migration';
import { Deliveries1764100000200 } from './delivery/delivery.migration';
import { LeanDeliveries1764100000400 } from './delivery/lean-deliveries.migration';
import { DeliveryModule } from './delivery/delivery.module';
import { WebhookDetailsRow } from './webhook/webhook-details/webhook-details.entity';
import { WebhookDetails1764100000100 } from './webhook/webhook-details/webhook-details.migration';
import { webhookDetailsProjection } from './webhook/webhook-details/webhook-details.projection';
import { WEBHOOK_STREAM } from './webhook/webhook.decider';
import { WebhookModule } from './webhook/webhook.module';
import type { WebhooksConfig } from './webhooks.config';
import { webhookRedactions } from './webhook/webhook.history';

/** The consumer group of webhooks' Kafka handlers. */
export const WEBHOOKS_CONSUMER_GROUP = 'webhooks';

export const WEBHOOKS_ENTITIES = [WebhookDetailsRow];
// DueJobsSchema brings account_clocks: deliveries are due on each account's clock.
export const WEBHOOKS_MIGRATIONS = [
  EventStoreSchema1763800000000,
  DueJobsSchema1763900000000,
  WebhookDetails1764100000100,
  Deliveries1764100000200,
  DeliveryClaims1764100000300,
  LeanDeliveries1764100000400,
  DeadLettersSchema1764200000000,
  CatchUpHorizons1765000000100,
  IdempotentOutcomes1765400000000,
  StreamSnapshots1766200000000,
];
export const WEBHOOKS_READ_MODELS = {
  streamTypes: [WEBHOOK_STREAM],
  projections: [webhookDetailsProjection],
};

/** Webhook endpoints, and the delivery of every domain event to them. */
@Module({})
export class AppModule {
  static register(config: WebhooksConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'webhooks',
          config,
          entities: WEBHOOKS_ENTITIES,
          migrations: WEBHOOKS_MIGRATIONS,
          relay: false,
          consumerGroup: WEBHOOKS_CONSUMER_GROUP,
          scheduler: true,
          catchUpFrom: {
            payments: config.PAYMENTS_URL,
            billing: config.BILLING_URL,
            settlements: config.SETTLEMENTS_URL,
          },
        }),
        WebhookModule,
        EntityHistoryModule.register({
          service: 'webhooks',
          ...WEBHOOKS_READ_MODELS,
          redactions: webhookRedactions,
        }),
        DeliveryModule,
      ],
    };
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { Topics } from '@platform/contracts';
import type { SubscriptionEvent } from '@platform/contracts';
import { unlessRefused } from '@platform/domain-kit';
import { CommandHandler } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { eventMetadata, IntegrationEventHandler } from '@platform/messaging';
import type { EventHandler } from '@platform/messaging';
import { openMandate } from './open-mandate';

export const SUBSCRIPTION_MANDATES_CONSUMER = 'payments.subscription-mandates';

/**
 * billing.subscription → mandates: a new subscription's authorization is remembered (the simulator's
 * `subscription_id` pays it) and a token authorization (no first invoice) gets its order here; the
 * first cycle's invoice order comes with `invoice.issued`. See openMandate, shared with a payment
 * that asked billing first. Everything runs in the inbox transaction.
 */
@Injectable()
@IntegrationEventHandler()
export class OnSubscriptionCreatedConsumer implements EventHandler<SubscriptionEvent> {
  readonly topic = Topics.billingSubscription;
  readonly consumer = SUBSCRIPTION_MANDATES_CONSUMER;
  private readonly logger = new Logger(OnSubscriptionCreatedConsumer.name);

  constructor(private readonly handler: CommandHandler) {}

  async apply(tx: SqlRunner, event: SubscriptionEvent): Promise<void> {
    const { authorization, subscription } = event.data;
    if (event.type !== 'subscription.created' || !authorization) return;
    await unlessRefused(
      () =>
        openMandate(
          this.handler,
          tx,
          { subscriptionId: subscription.id, authorization },
          eventMetadata(event),
          { runner: tx },
        ),
      (error) =>
        this.logger.warn({
          msg: 'authorization order not opened',
          subscriptionId: subscription.id,
          reason: error.description,
        }),
    );
  }
}

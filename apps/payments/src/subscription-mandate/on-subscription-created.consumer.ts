import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { PublishedSubscriptionEvent } from '@platform/contracts';
import { unlessRefused } from '@platform/domain-kit';
import { CommandHandler } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { EventBatch, eventLogFields, eventMetadata, inbox } from '@platform/messaging';
import { openMandate } from './open-mandate';

export const SUBSCRIPTION_MANDATES_CONSUMER = 'payments.subscription-mandates';

/**
 * billing.subscription → mandates: a new subscription's authorization is remembered (the simulator's
 * `subscription_id` pays it) and a token authorization (no first invoice) gets its order here; the
 * first cycle's invoice order comes with `invoice.issued`. See openMandate, shared with a payment
 * that asked billing first. Everything runs in the inbox transaction.
 */
@Controller()
export class OnSubscriptionCreatedConsumer {
  private readonly logger = new Logger(OnSubscriptionCreatedConsumer.name);

  constructor(private readonly handler: CommandHandler) {}

  @EventPattern('subscription.created', inbox(SUBSCRIPTION_MANDATES_CONSUMER))
  async open(
    @Payload() events: readonly PublishedSubscriptionEvent[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
    for (const event of events) await this.openOne(batch.tx, event);
  }

  private async openOne(tx: SqlRunner, event: PublishedSubscriptionEvent): Promise<void> {
    const { authorization, subscription } = event.data;
    if (!authorization) return;
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
          ...eventLogFields(event),
          msg: 'authorization order not opened',
          subscriptionId: subscription.id,
          reason: error.description,
        }),
    );
  }
}

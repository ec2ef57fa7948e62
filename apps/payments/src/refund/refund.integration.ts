import { PaymentEventTypes, Topics } from '@platform/contracts';
import type { PaymentEntity, PublishedRefundEvent } from '@platform/contracts';
import { integrationEventOf, streamUpTo } from '@platform/event-store';
import type { OutboxMessage, StoredEvent } from '@platform/event-store';
import { toRefundEntity } from './dtos/refund.response';
import { refundDetailsProjection } from './refund-details/refund-details.projection';
import type { RefundEvent } from './refund.events';

const PUBLISHED: Partial<Record<RefundEvent['type'], PublishedRefundEvent['type']>> = {
  RefundCreated: PaymentEventTypes.refundCreated,
  RefundProcessed: PaymentEventTypes.refundProcessed,
};

/**
 * `refund.created` and `refund.processed` on payments.refund, keyed by refund id. `refund.created`
 * also carries the payment after the refund, when the command that made the refund gives it.
 */
export function refundIntegrationEvents(
  appended: readonly StoredEvent<RefundEvent>[],
  stream: readonly StoredEvent<RefundEvent>[],
  payment?: PaymentEntity,
): OutboxMessage[] {
  return appended.flatMap((event) => {
    const type = PUBLISHED[event.type];
    if (!type) return [];
    const row = refundDetailsProjection.view(streamUpTo(stream, event.version));
    if (!row)
      throw new Error(`refund ${event.streamId} has no details at version ${event.version}`);
    const data =
      type === PaymentEventTypes.refundCreated && payment
        ? { refund: toRefundEntity(row), payment }
        : { refund: toRefundEntity(row) };
    const published = integrationEventOf(event, type, data) as PublishedRefundEvent;
    return [{ topic: Topics.paymentsRefund, key: event.streamId, event: published }];
  });
}

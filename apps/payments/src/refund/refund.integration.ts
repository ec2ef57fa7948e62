import { PaymentEventTypes, Topics } from '@platform/contracts';
import type { RefundEvent as PublishedRefundEvent } from '@platform/contracts';
import { envelopeOf } from '@platform/event-store';
import type { OutboxMessage, StoredEvent } from '@platform/event-store';
import { toRefundEntity } from './dtos/refund.response';
import { refundDetailsProjection } from './refund-details/refund-details.projection';
import type { RefundEvent } from './refund.events';

const PUBLISHED: Partial<Record<RefundEvent['type'], PublishedRefundEvent['type']>> = {
  RefundCreated: PaymentEventTypes.refundCreated,
  RefundProcessed: PaymentEventTypes.refundProcessed,
};

/** `refund.created` and `refund.processed` on payments.refund, keyed by refund id. */
export function refundIntegrationEvents(appended: readonly StoredEvent<RefundEvent>[], stream: readonly StoredEvent<RefundEvent>[]): OutboxMessage[] {
  return appended.flatMap((event) => {
    const type = PUBLISHED[event.type];
    if (!type) return [];
    const row = refundDetailsProjection.view(stream.filter((e) => e.version <= event.version));
    if (!row) throw new Error(`refund ${event.streamId} has no details at version ${event.version}`);
    const published = { ...envelopeOf(event), type, data: { refund: toRefundEntity(row) } } as PublishedRefundEvent;
    return [{ topic: Topics.paymentsRefund, key: event.streamId, event: published }];
  });
}

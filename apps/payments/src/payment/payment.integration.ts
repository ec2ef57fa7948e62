import { PaymentEventTypes, Topics } from '@platform/contracts';
import type { OrderEntity, PublishedPaymentEvent } from '@platform/contracts';
import { integrationEventOf, streamUpTo } from '@platform/event-store';
import type { OutboxMessage, StoredEvent } from '@platform/event-store';
import { EVERY_EXPANSION, toPaymentEntity } from './dtos/payment.response';
import { paymentDetailsProjection } from './payment-details/payment-details.projection';
import type { PaymentEvent } from './payment.events';

const PUBLISHED: Partial<Record<PaymentEvent['type'], PublishedPaymentEvent['type']>> = {
  PaymentAuthorized: PaymentEventTypes.paymentAuthorized,
  PaymentCaptured: PaymentEventTypes.paymentCaptured,
  PaymentDeclined: PaymentEventTypes.paymentFailed,
};

/**
 * The payment as the API shows it right after `version`, its card and UPI details included
 * (consumers cannot expand).
 */
export function paymentAt(stream: readonly StoredEvent<PaymentEvent>[], version: number) {
  const row = paymentDetailsProjection.view(streamUpTo(stream, version));
  if (!row) throw new Error(`payment ${stream[0]?.streamId} has no details at version ${version}`);
  return toPaymentEntity(row, EVERY_EXPANSION);
}

/**
 * `payment.authorized`, `payment.captured`, `payment.failed` on payments.payment, keyed by payment id.
 * `payment.captured` also carries the order the payment paid (null: it paid none).
 */
export function paymentIntegrationEvents(
  appended: readonly StoredEvent<PaymentEvent>[],
  stream: readonly StoredEvent<PaymentEvent>[],
  order: OrderEntity | null = null,
): OutboxMessage[] {
  return appended.flatMap((event) => {
    const type = PUBLISHED[event.type];
    if (!type) return [];
    const data =
      type === PaymentEventTypes.paymentCaptured
        ? { payment: paymentAt(stream, event.version), order }
        : { payment: paymentAt(stream, event.version) };
    const published = integrationEventOf(event, type, data) as PublishedPaymentEvent;
    return [{ topic: Topics.paymentsPayment, key: event.streamId, event: published }];
  });
}

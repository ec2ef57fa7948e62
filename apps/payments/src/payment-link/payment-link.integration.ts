import { PaymentEventTypes, Topics } from '@platform/contracts';
import type {
  OrderEntity,
  PaymentEntity,
  PaymentLinkCancelledEvent,
  PaymentLinkEntity,
  PaymentLinkExpiredEvent,
  PaymentLinkPaidEvent,
  PaymentLinkPartiallyPaidEvent,
} from '@platform/contracts';
import { integrationEventOf, streamUpTo } from '@platform/event-store';
import type { OutboxMessage, StoredEvent } from '@platform/event-store';
import { toPaymentLinkEntity } from './dtos/payment-link.response';
import { paymentLinkDetailsProjection } from './payment-link-details/payment-link-details.projection';
import type { PaymentLinkEvent } from './payment-link.events';

/** The link as the API shows it right after `version`. */
export function paymentLinkAt(
  stream: readonly StoredEvent<PaymentLinkEvent>[],
  version: number,
): PaymentLinkEntity {
  const row = paymentLinkDetailsProjection.view(streamUpTo(stream, version));
  if (!row) throw new Error(`payment link ${stream[0]?.streamId} has no details at ${version}`);
  return toPaymentLinkEntity(row);
}

/**
 * `payment_link.cancelled` and `payment_link.expired` on payments.payment_link, keyed by link id.
 * Its payments' events carry the order and the payment too: published by the flows that capture
 * them (paymentLinkPaymentEvents).
 */
export function paymentLinkIntegrationEvents(
  appended: readonly StoredEvent<PaymentLinkEvent>[],
  stream: readonly StoredEvent<PaymentLinkEvent>[],
): OutboxMessage[] {
  return appended.flatMap((event) => {
    if (event.type !== 'PaymentLinkCancelled' && event.type !== 'PaymentLinkExpired') return [];
    const data = { payment_link: paymentLinkAt(stream, event.version) };
    const published: PaymentLinkCancelledEvent | PaymentLinkExpiredEvent =
      event.type === 'PaymentLinkCancelled'
        ? integrationEventOf(event, PaymentEventTypes.paymentLinkCancelled, data)
        : integrationEventOf(event, PaymentEventTypes.paymentLinkExpired, data);
    return [{ topic: Topics.paymentsPaymentLink, key: event.streamId, event: published }];
  });
}

/**
 * `payment_link.partially_paid` for a captured payment that left some due, `payment_link.paid` for
 * the one that completed it: the link after the capture, its order and the payment.
 */
export function paymentLinkPaymentEvents(
  appended: readonly StoredEvent<PaymentLinkEvent>[],
  stream: readonly StoredEvent<PaymentLinkEvent>[],
  paid: { order: OrderEntity; payment: PaymentEntity },
): OutboxMessage[] {
  const captured = appended.find((event) => event.type === 'PaymentLinkPaymentCaptured');
  if (!captured) return [];
  const completed = appended.find((event) => event.type === 'PaymentLinkPaid');
  const last = completed ?? captured;
  const data = {
    payment_link: paymentLinkAt(stream, last.version),
    order: paid.order,
    payment: paid.payment,
  };
  const published: PaymentLinkPaidEvent | PaymentLinkPartiallyPaidEvent = completed
    ? integrationEventOf(completed, PaymentEventTypes.paymentLinkPaid, data)
    : integrationEventOf(captured, PaymentEventTypes.paymentLinkPartiallyPaid, data);
  return [{ topic: Topics.paymentsPaymentLink, key: last.streamId, event: published }];
}

import { randomUUID } from 'node:crypto';
import type { PaymentEntity, PublishedPaymentEvent } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import type { TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import type { Producer } from 'kafkajs';

/** What billing's tests say of a payment; the rest of the entity is a plain card payment. */
export interface PaymentOf {
  id?: string;
  amount: number;
  orderId: string | null;
  invoiceId: string | null;
  email?: string | null;
  contact?: string | null;
}

/** A payment as payments publishes it on `payments.payment`, in the status its event type says. */
export function paymentEntity(
  payment: PaymentOf,
  type: PublishedPaymentEvent['type'],
): PaymentEntity {
  const captured = type === 'payment.captured';
  const failed = type === 'payment.failed';
  return {
    id: payment.id ?? newId('pay'),
    entity: 'payment',
    amount: payment.amount,
    currency: 'INR',
    status: captured ? 'captured' : failed ? 'failed' : 'authorized',
    order_id: payment.orderId,
    invoice_id: payment.invoiceId,
    terminal_id: null,
    international: false,
    method: 'card',
    amount_refunded: 0,
    refund_status: null,
    captured,
    description: null,
    card_id: 'card_TestCard000001',
    bank: null,
    wallet: null,
    vpa: null,
    email: payment.email ?? 'gaurav.kumar@example.com',
    contact: payment.contact ?? '+919000090000',
    customer_id: null,
    notes: {},
    fee: captured ? 0 : null,
    tax: captured ? 0 : null,
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: failed ? 'Payment processing failed because of incorrect card' : null,
    error_source: failed ? 'customer' : null,
    error_step: failed ? 'payment_authorization' : null,
    error_reason: failed ? 'incorrect_card_details' : null,
    acquirer_data: {},
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** payments' event of the payment (keyed by its id, as payments' relay publishes it). */
export function paymentEvent(
  caller: TestCaller,
  type: PublishedPaymentEvent['type'],
  payment: PaymentOf,
): PublishedPaymentEvent {
  const entity = paymentEntity(payment, type);
  return {
    id: randomUUID(),
    type,
    schema_version: 1,
    account_id: caller.accountId,
    mode: caller.mode,
    stream_id: entity.id,
    stream_version: type === 'payment.captured' ? 2 : 1,
    occurred_at: Math.floor(Date.now() / 1000),
    correlation_id: null,
    causation_id: null,
    data: { payment: entity },
  } as PublishedPaymentEvent;
}

/**
 * Sends each event on `payments.payment`, then a marker on the payment's partition (a capture on an
 * invoice that does not exist, which billing's payment consumers take in without an effect), and
 * waits until that marker is in the consumer's inbox: every event before it has then been consumed.
 */
export async function deliverThenMark(
  producer: Producer,
  inboxRows: (eventId: string) => Promise<number>,
  caller: TestCaller,
  payment: PaymentOf,
  events: readonly PublishedPaymentEvent[],
): Promise<void> {
  const marker = paymentEvent(caller, 'payment.captured', {
    amount: payment.amount,
    orderId: null,
    invoiceId: 'inv_NotAnInvoice01',
  });
  await producer.send({
    topic: 'payments.payment',
    messages: [
      ...events.map((event) => ({ key: event.stream_id, value: JSON.stringify(event) })),
      { key: payment.id ?? marker.stream_id, value: JSON.stringify(marker) },
    ],
  });
  await waitFor(async () => (await inboxRows(marker.id)) === 1, 'the message after the copies');
}

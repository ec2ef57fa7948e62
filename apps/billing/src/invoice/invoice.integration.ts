import { InvoiceEventTypes, Topics } from '@platform/contracts';
import type {
  InvoiceChangedEvent,
  InvoiceEntity,
  InvoicePaymentRejectedEvent,
  InvoicePublishedType,
} from '@platform/contracts';
import { integrationEventOf, streamUpTo } from '@platform/event-store';
import type { OutboxMessage, StoredEvent } from '@platform/event-store';
import { toInvoiceEntity } from './dtos/invoice.response';
import { invoiceDetailsProjection } from './invoice-details/invoice-details.projection';
import type { InvoiceEvent } from './invoice.events';

const PUBLISHED: Partial<Record<InvoiceEvent['type'], InvoicePublishedType>> = {
  InvoiceIssued: InvoiceEventTypes.issued,
  InvoicePaid: InvoiceEventTypes.paid,
  InvoiceCancelled: InvoiceEventTypes.cancelled,
  InvoiceExpired: InvoiceEventTypes.expired,
};

/** The invoice as the API shows it right after `version`. */
export function invoiceAt(
  stream: readonly StoredEvent<InvoiceEvent>[],
  version: number,
  publicBaseUrl: string,
): InvoiceEntity {
  const row = invoiceDetailsProjection.view(streamUpTo(stream, version));
  if (!row) throw new Error(`invoice ${stream[0]?.streamId} has no details at version ${version}`);
  return toInvoiceEntity(row, publicBaseUrl);
}

/**
 * invoice.issued / partially_paid / paid / cancelled / expired on billing.invoice, keyed by invoice id.
 * A payment that completes the invoice publishes `invoice.paid` only; a payment it rejected,
 * `invoice.payment_rejected` (payments refunds it).
 */
export function invoiceIntegrationEvents(publicBaseUrl: string) {
  return (
    appended: readonly StoredEvent<InvoiceEvent>[],
    stream: readonly StoredEvent<InvoiceEvent>[],
  ): OutboxMessage[] =>
    appended.flatMap((event) => {
      if (event.type === 'InvoicePaymentRejected')
        return [rejected(event, invoiceAt(stream, event.version, publicBaseUrl))];
      let type = PUBLISHED[event.type];
      if (
        event.type === 'InvoicePaymentRecorded' &&
        !appended.some((other) => other.type === 'InvoicePaid')
      )
        type = InvoiceEventTypes.partiallyPaid;
      if (!type) return [];
      const published: InvoiceChangedEvent = integrationEventOf(event, type, {
        invoice: invoiceAt(stream, event.version, publicBaseUrl),
      });
      return [{ topic: Topics.billingInvoice, key: event.streamId, event: published }];
    });
}

function rejected(
  event: StoredEvent<Extract<InvoiceEvent, { type: 'InvoicePaymentRejected' }>>,
  invoice: InvoiceEntity,
): OutboxMessage {
  const { paymentId, reason } = event.data;
  const published: InvoicePaymentRejectedEvent = integrationEventOf(
    event,
    InvoiceEventTypes.paymentRejected,
    { invoice, rejection: { payment_id: paymentId, reason } },
  );
  return { topic: Topics.billingInvoice, key: event.streamId, event: published };
}

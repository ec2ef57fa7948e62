import { rowOrigin, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import { invoiceTotals } from '../invoice-amounts';
import type { InvoiceEvent, InvoiceTerms } from '../invoice.events';
import { InvoiceDetailsRow } from './invoice-details.entity';

const seconds = (ms: number) => Math.floor(ms / 1000);

function withTerms(row: InvoiceDetailsRow, terms: InvoiceTerms): InvoiceDetailsRow {
  return {
    ...row,
    terms,
    type: terms.type,
    receipt: terms.receipt,
    customerId: terms.customer?.id ?? null,
    subscriptionId: terms.subscriptionId,
    amount: invoiceTotals(terms.lines).netAmount,
  };
}

export function evolveInvoiceDetails(
  row: InvoiceDetailsRow | null,
  stored: StoredEvent,
): InvoiceDetailsRow | null {
  const event = stored as StoredEvent<InvoiceEvent>;
  if (event.type === 'InvoiceCreated') {
    const base = {
      ...rowOrigin(event, event.data.createdAt),
      status: 'draft',
      orderId: null,
      paymentId: null,
      amountPaid: 0,
      issuedAt: null,
      paidAt: null,
      cancelledAt: null,
      expiredAt: null,
      smsStatus: null,
      emailStatus: null,
    } as InvoiceDetailsRow;
    return withTerms(base, event.data.terms);
  }
  if (!row) return row;
  switch (event.type) {
    case 'InvoiceEdited':
      return withTerms(row, { ...row.terms, ...event.data.changes });
    case 'InvoiceIssued': {
      const { terms } = row;
      const pending = (wanted: boolean, address: string | null | undefined) =>
        wanted && address ? 'pending' : null;
      return {
        ...row,
        status: 'issued',
        orderId: event.data.orderId,
        issuedAt: seconds(event.data.at),
        smsStatus: pending(terms.smsNotify, terms.customer?.contact),
        emailStatus: pending(terms.emailNotify, terms.customer?.email),
      };
    }
    case 'InvoiceDeleted':
      return null;
    case 'InvoiceCancelled':
      return { ...row, status: 'cancelled', cancelledAt: seconds(event.data.at) };
    case 'InvoiceExpired':
      return { ...row, status: 'expired', expiredAt: seconds(event.data.at) };
    case 'InvoicePaymentRecorded':
      return {
        ...row,
        status: 'partially_paid',
        amountPaid: row.amountPaid + event.data.amount,
        paymentId: event.data.paymentId,
      };
    case 'InvoicePaid':
      return { ...row, status: 'paid', paidAt: seconds(event.data.at) };
    case 'InvoiceCustomerIdentified':
      return withTerms(row, { ...row.terms, customer: event.data.customer });
    case 'InvoiceNotified':
      return event.data.medium === 'sms'
        ? { ...row, smsStatus: 'sent' }
        : { ...row, emailStatus: 'sent' };
    default:
      return row;
  }
}

/** Inline: updated in the command's statement; a deleted draft's row is removed. */
export const invoiceDetailsProjection = rowProjection<InvoiceDetailsRow>({
  name: 'invoice-details',
  entity: InvoiceDetailsRow,
  canHandle: [
    'InvoiceCreated',
    'InvoiceEdited',
    'InvoiceIssued',
    'InvoiceDeleted',
    'InvoiceCancelled',
    'InvoiceExpired',
    'InvoicePaymentRecorded',
    'InvoicePaid',
    'InvoiceNotified',
    'InvoiceCustomerIdentified',
  ],
  evolve: evolveInvoiceDetails,
});

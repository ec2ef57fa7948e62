import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { PaymentAuthorized, PaymentDeclined, PaymentEvent } from '../payment.events';
import { PaymentDetailsRow } from './payment-details.entity';

function created(event: StoredEvent<PaymentAuthorized | PaymentDeclined>): PaymentDetailsRow {
  const { details, createdAt } = event.data;
  return newRow(event, createdAt, {
    amount: details.amount,
    currency: details.currency,
    status: event.type === 'PaymentAuthorized' ? 'authorized' : 'failed',
    orderId: details.orderId,
    invoiceId: details.invoiceId,
    qrCodeId: details.qrCodeId ?? null,
    customerId: details.customerId ?? null,
    method: details.method,
    captured: false,
    amountRefunded: 0,
    description: details.description,
    card: details.card,
    bank: details.bank,
    wallet: details.wallet,
    vpa: details.vpa,
    email: details.email,
    contact: details.contact,
    notes: details.notes,
    fee: null,
    tax: null,
    error: event.type === 'PaymentDeclined' ? event.data.error : null,
    acquirerData: event.type === 'PaymentAuthorized' ? event.data.acquirerData : {},
    international: details.international,
  });
}

export function evolvePaymentDetails(
  row: PaymentDetailsRow | null,
  stored: StoredEvent,
): PaymentDetailsRow | null {
  const event = stored as StoredEvent<PaymentEvent>;
  switch (event.type) {
    case 'PaymentAuthorized':
    case 'PaymentDeclined':
      return created(event);
    case 'PaymentCaptured':
      return (
        row && {
          ...row,
          status: 'captured',
          captured: true,
          fee: event.data.fee,
          tax: event.data.tax,
        }
      );
    case 'PaymentRefunded': {
      if (!row) return row;
      const amountRefunded = row.amountRefunded + event.data.amount;
      return {
        ...row,
        amountRefunded,
        status: amountRefunded >= row.amount ? 'refunded' : row.status,
      };
    }
    case 'PaymentNotesEdited':
      return row && { ...row, notes: event.data.notes };
    default:
      return row;
  }
}

/** Inline: updated in the command's statement, so GET right after a capture or refund sees it. */
export const paymentDetailsProjection = rowProjection<PaymentDetailsRow>({
  name: 'payment-details',
  entity: PaymentDetailsRow,
  canHandle: [
    'PaymentAuthorized',
    'PaymentDeclined',
    'PaymentCaptured',
    'PaymentRefunded',
    'PaymentNotesEdited',
  ],
  evolve: evolvePaymentDetails,
});

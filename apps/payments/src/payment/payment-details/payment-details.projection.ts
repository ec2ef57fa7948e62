import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type {
  PaymentAuthorized,
  PaymentCreated,
  PaymentDeclined,
  PaymentEvent,
} from '../payment.events';
import { PaymentDetailsRow } from './payment-details.entity';

type Beginning = PaymentCreated | PaymentAuthorized | PaymentDeclined;

const STATUS: Record<Beginning['type'], PaymentDetailsRow['status']> = {
  PaymentCreated: 'created',
  PaymentAuthorized: 'authorized',
  PaymentDeclined: 'failed',
};

/** The row as the payment's first event makes it (a payment decided at once, or one created first). */
function created(event: StoredEvent<Beginning>): PaymentDetailsRow {
  const { details, createdAt } = event.data;
  return newRow(event, createdAt, {
    amount: details.amount,
    currency: details.currency,
    status: STATUS[event.type],
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
    acquirer: event.type === 'PaymentCreated' ? event.data.acquirer.name : null,
    challengeUrl: event.type === 'PaymentCreated' ? event.data.acquirer.url : null,
  });
}

/** A created payment decided: its row keeps what it was created with (notes edited since included). */
function decided(
  row: PaymentDetailsRow,
  event: StoredEvent<PaymentAuthorized | PaymentDeclined>,
): PaymentDetailsRow {
  return event.type === 'PaymentAuthorized'
    ? { ...row, status: 'authorized', acquirerData: event.data.acquirerData }
    : { ...row, status: 'failed', error: event.data.error };
}

export function evolvePaymentDetails(
  row: PaymentDetailsRow | null,
  stored: StoredEvent,
): PaymentDetailsRow | null {
  const event = stored as StoredEvent<PaymentEvent>;
  switch (event.type) {
    case 'PaymentCreated':
      return created(event);
    case 'PaymentAuthorized':
    case 'PaymentDeclined':
      return row?.status === 'created' ? decided(row, event) : created(event);
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
    'PaymentCreated',
    'PaymentAuthorized',
    'PaymentDeclined',
    'PaymentCaptured',
    'PaymentRefunded',
    'PaymentNotesEdited',
  ],
  evolve: evolvePaymentDetails,
});

import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { OrderEvent } from '../order.events';
import { OrderDetailsRow } from './order-details.entity';

export function evolveOrderDetails(
  row: OrderDetailsRow | null,
  stored: StoredEvent,
): OrderDetailsRow | null {
  const event = stored as StoredEvent<OrderEvent>;
  switch (event.type) {
    case 'OrderCreated': {
      const { terms, createdAt } = event.data;
      return newRow(event, createdAt, {
        amount: terms.amount,
        amountPaid: 0,
        currency: terms.currency,
        receipt: terms.receipt,
        status: 'created',
        attempts: 0,
        notes: terms.notes,
        partialPayment: terms.partialPayment,
        firstPaymentMinAmount: terms.firstPaymentMinAmount,
        paymentCapture: terms.paymentCapture,
        authorized: false,
        invoiceId: terms.invoiceId ?? null,
        paymentLinkId: terms.paymentLinkId ?? null,
      });
    }
    case 'OrderPaymentAttempted':
      return (
        row && {
          ...row,
          attempts: row.attempts + 1,
          status: row.status === 'paid' ? 'paid' : 'attempted',
          authorized: row.authorized || event.data.authorized,
        }
      );
    case 'OrderPaymentCaptured':
      return row && { ...row, amountPaid: row.amountPaid + event.data.amount };
    case 'OrderPaid':
      return row && { ...row, status: 'paid' };
    case 'OrderNotesEdited':
      return row && { ...row, notes: event.data.notes };
    case 'OrderPartialPaymentChanged':
      return row && { ...row, ...event.data };
    default:
      return row;
  }
}

/** Inline: updated in the command's statement, so GET right after POST sees the order. */
export const orderDetailsProjection = rowProjection<OrderDetailsRow>({
  name: 'order-details',
  entity: OrderDetailsRow,
  canHandle: [
    'OrderCreated',
    'OrderPaymentAttempted',
    'OrderPaymentCaptured',
    'OrderPaid',
    'OrderNotesEdited',
    'OrderPartialPaymentChanged',
  ],
  evolve: evolveOrderDetails,
});

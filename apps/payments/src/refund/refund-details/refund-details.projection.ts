import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { RefundEvent } from '../refund.events';
import { RefundDetailsRow } from './refund-details.entity';

export function evolveRefundDetails(
  row: RefundDetailsRow | null,
  stored: StoredEvent,
): RefundDetailsRow | null {
  const event = stored as StoredEvent<RefundEvent>;
  switch (event.type) {
    case 'RefundCreated': {
      const { terms, createdAt } = event.data;
      return newRow(event, createdAt, {
        paymentId: terms.paymentId,
        amount: terms.amount,
        currency: terms.currency,
        status: 'pending',
        speedRequested: terms.speedRequested,
        speedProcessed: null,
        notes: terms.notes,
        receipt: terms.receipt,
        arn: null,
        automatic: terms.automatic,
      });
    }
    case 'RefundProcessed':
      return (
        row && {
          ...row,
          status: 'processed',
          speedProcessed: event.data.speedProcessed,
          arn: event.data.arn,
        }
      );
    case 'RefundNotesEdited':
      return row && { ...row, notes: event.data.notes };
    default:
      return row;
  }
}

/** Inline: updated in the command's statement, so GET right after a refund sees it. */
export const refundDetailsProjection = rowProjection<RefundDetailsRow>({
  name: 'refund-details',
  entity: RefundDetailsRow,
  canHandle: ['RefundCreated', 'RefundProcessed', 'RefundNotesEdited'],
  evolve: evolveRefundDetails,
});

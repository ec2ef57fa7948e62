import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { BillEvent } from '../bill.events';
import { BillDetailsRow } from './bill-details.entity';

export function evolveBillDetails(
  row: BillDetailsRow | null,
  stored: StoredEvent,
): BillDetailsRow | null {
  const event = stored as StoredEvent<BillEvent>;
  switch (event.type) {
    case 'BillCreated':
      return newRow(event, event.data.createdAt, {
        ...event.data.details,
        updatedAt: Math.floor(event.data.createdAt / 1000),
      });
    case 'BillUpdated':
      return (
        row && { ...row, ...event.data.details, updatedAt: Math.floor(event.data.updatedAt / 1000) }
      );
    case 'BillDeleted':
      return null;
    default:
      return row;
  }
}

/** Inline: updated in the command's statement (so a duplicate receipt number fails the command); a deleted bill's row is removed. */
export const billDetailsProjection = rowProjection<BillDetailsRow>({
  name: 'bill-details',
  entity: BillDetailsRow,
  canHandle: ['BillCreated', 'BillUpdated', 'BillDeleted'],
  evolve: evolveBillDetails,
});

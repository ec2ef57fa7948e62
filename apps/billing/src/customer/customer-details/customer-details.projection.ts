import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { CustomerEvent } from '../customer.events';
import { CustomerDetailsRow } from './customer-details.entity';

export function evolveCustomerDetails(
  row: CustomerDetailsRow | null,
  stored: StoredEvent,
): CustomerDetailsRow | null {
  const event = stored as StoredEvent<CustomerEvent>;
  switch (event.type) {
    case 'CustomerCreated':
      return newRow(event, event.metadata.now, event.data.details);
    case 'CustomerEdited':
      return row && { ...row, ...event.data.changes };
    default:
      return row;
  }
}

/** Inline: updated in the command's transaction, so GET right after POST/PUT sees the change. */
export const customerDetailsProjection = rowProjection<CustomerDetailsRow>({
  name: 'customer-details',
  entity: CustomerDetailsRow,
  canHandle: ['CustomerCreated', 'CustomerEdited'],
  evolve: evolveCustomerDetails,
});

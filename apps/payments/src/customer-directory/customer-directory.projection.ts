import type { CustomerCreatedEvent, CustomerUpdatedEvent } from '@platform/contracts';
import type { SqlFragment } from '@platform/event-store';

/**
 * The directory write for a billing customer event, to run once per event (it reads the inbox CTE
 * `inboxed`). Only a newer stream version replaces the row, so a late event never moves it backwards.
 */
export function customerDirectoryWrite(event: CustomerCreatedEvent | CustomerUpdatedEvent): SqlFragment {
  const { customer } = event.data;
  return {
    text: `INSERT INTO customer_directory (id, version, account_id, mode, name, email, contact)
           SELECT $1, $2, $3, $4, $5, $6, $7 FROM inboxed
           ON CONFLICT (id) DO UPDATE
             SET version = EXCLUDED.version, name = EXCLUDED.name, email = EXCLUDED.email, contact = EXCLUDED.contact
             WHERE customer_directory.version < EXCLUDED.version
           RETURNING 1`,
    values: [customer.id, event.stream_version, event.account_id, event.mode, customer.name, customer.email, customer.contact],
  };
}

import type { CustomerCreatedEvent, CustomerUpdatedEvent } from '@platform/contracts';
import { sql } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';

const UPSERT_NEWER = sql(
  'customer-directory.upsert-newer',
  `INSERT INTO customer_directory (id, version, account_id, mode, name, email, contact)
   VALUES ($1, $2, $3, $4, $5, $6, $7)
   ON CONFLICT (id) DO UPDATE
     SET version = EXCLUDED.version, name = EXCLUDED.name, email = EXCLUDED.email, contact = EXCLUDED.contact
     WHERE customer_directory.version < EXCLUDED.version`,
);

/**
 * The directory row for a billing customer event. Only a newer stream version replaces the row, so a
 * late or replayed event never moves it backwards.
 */
export async function applyToCustomerDirectory(db: SqlRunner, event: CustomerCreatedEvent | CustomerUpdatedEvent): Promise<void> {
  const { customer } = event.data;
  await db.query(UPSERT_NEWER, [customer.id, event.stream_version, event.account_id, event.mode, customer.name, customer.email, customer.contact]);
}

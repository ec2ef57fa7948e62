import type { CustomerCreatedEvent, CustomerUpdatedEvent } from '@platform/contracts';
import { sql } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';

type CustomerEvent = CustomerCreatedEvent | CustomerUpdatedEvent;

/** One row per customer in the arrays; a row replaces the stored one only with a newer version. */
const UPSERT_NEWER = sql(
  'customer-directory.upsert-newer',
  `INSERT INTO customer_directory (id, version, account_id, mode, name, email, contact)
   SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
   ON CONFLICT (id) DO UPDATE
     SET version = EXCLUDED.version, name = EXCLUDED.name, email = EXCLUDED.email, contact = EXCLUDED.contact
     WHERE customer_directory.version < EXCLUDED.version`,
);

/**
 * The directory rows for billing customer events, in one statement. Only the newest event of each
 * customer is written, and only over an older row, so late or replayed events never move a row back.
 */
export async function applyToCustomerDirectory(
  db: SqlRunner,
  events: readonly CustomerEvent[],
): Promise<void> {
  const newest = new Map<string, CustomerEvent>();
  for (const event of events) {
    const seen = newest.get(event.data.customer.id);
    if (!seen || seen.stream_version < event.stream_version)
      newest.set(event.data.customer.id, event);
  }
  const rows = [...newest.values()];
  const column = (pick: (event: CustomerEvent) => unknown) => rows.map(pick);
  await db.query(UPSERT_NEWER, [
    column((e) => e.data.customer.id),
    column((e) => e.stream_version),
    column((e) => e.account_id),
    column((e) => e.mode),
    column((e) => e.data.customer.name),
    column((e) => e.data.customer.email),
    column((e) => e.data.customer.contact),
  ]);
}

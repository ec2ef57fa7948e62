import { SettlementEventTypes } from '@platform/contracts';
import type { PublishedSettlementEvent, SettlementProcessedEvent } from '@platform/contracts';
import { sql } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';

/**
 * One row per settled payment, each pointing at its settlement by position in the settlement
 * arrays: a part names up to 5,000 payments of one settlement, which is sent once, not once a row.
 * A payment is paid out by one processed settlement only (processed is final), so a row once
 * written never changes and a redelivered part writes nothing.
 */
const RECORD_SETTLED = sql(
  'settlement-directory.record-settled',
  `INSERT INTO payment_settlements (payment_id, account_id, mode, settlement_id, settlement, settled_at)
   SELECT paid.payment_id, s.account_id, s.mode, s.settlement_id, s.settlement::jsonb, s.settled_at
   FROM unnest($1::text[], $2::bigint[]) AS paid(payment_id, settlement_index)
   JOIN unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[])
     WITH ORDINALITY AS s(account_id, mode, settlement_id, settlement, settled_at, settlement_index) USING (settlement_index)
   ON CONFLICT (payment_id) DO NOTHING`,
);

/** Entry ids of captured payments; the others (refunds, adjustments, …) are not payments' to show. */
const PAYMENT_ENTRY = /^pay_/;

/**
 * The directory rows for a chunk of settlement events, in one statement. Only `settlement.processed`
 * records anything: a failed settlement's payments go back to the balance, and the processed
 * settlement that later pays them out names them again.
 */
export async function applyToSettlementDirectory(
  db: SqlRunner,
  events: readonly PublishedSettlementEvent[],
): Promise<void> {
  const processed = events.filter(
    (event): event is SettlementProcessedEvent => event.type === SettlementEventTypes.processed,
  );
  const settlementOf = new Map<string, number>();
  processed.forEach((event, index) => {
    for (const id of event.data.entry_ids)
      if (PAYMENT_ENTRY.test(id) && !settlementOf.has(id)) settlementOf.set(id, index + 1);
  });
  if (settlementOf.size === 0) return;
  await db.query(RECORD_SETTLED, [
    [...settlementOf.keys()],
    [...settlementOf.values()],
    processed.map((event) => event.account_id),
    processed.map((event) => event.mode),
    processed.map((event) => event.data.settlement.id),
    processed.map((event) => JSON.stringify(event.data.settlement)),
    processed.map((event) => event.occurred_at),
  ]);
}

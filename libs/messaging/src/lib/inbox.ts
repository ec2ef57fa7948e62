import type { IntegrationEvent } from '@platform/contracts';
import { sql } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import type { EventHandler } from './event-handler';

/** Records a chunk's events for one consumer; returns the ids seen for the first time. */
const RECORD_IN_INBOX = sql(
  'inbox.record-all',
  'INSERT INTO inbox (consumer, message_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING RETURNING message_id',
);

/** Records (consumer, event id) pairs of events passed by, each consumer with its own ids. */
const REMEMBER_SKIPPED = sql(
  'inbox.remember-skipped',
  'INSERT INTO inbox (consumer, message_id) SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING',
);

/** Which of these (consumer, event id) pairs the inbox has already, as `consumer|id`. */
const SEEN_IN_INBOX = sql(
  'inbox.seen',
  `SELECT consumer || '|' || message_id AS seen FROM inbox
    WHERE consumer = ANY($1::text[]) AND message_id = ANY($2::text[])`,
);

/**
 * The events this handler has not seen yet (first delivery of each id, in order), applied in `tx`
 * with their inbox rows: one effect per (consumer, event id), however often an event arrives and by
 * whichever path (Kafka, a dead letter's replay, a catch-up).
 */
export async function applyOnce(
  tx: SqlRunner,
  handler: EventHandler,
  events: readonly IntegrationEvent[],
): Promise<void> {
  const recorded = await tx.query<{ message_id: string }>(RECORD_IN_INBOX, [
    handler.consumer,
    events.map((event) => event.id),
  ]);
  const fresh = new Set(recorded.map((row) => row.message_id));
  const first = events.filter((event) => fresh.delete(event.id));
  if (first.length === 0) return;
  if (handler.applyAll) await handler.applyAll(tx, first);
  else for (const event of first) await handler.apply(tx, event);
}

/** The `consumer|event id` pairs of `consumers` × `eventIds` already in the inbox (a read, no lock). */
export async function seenInInbox(
  db: SqlRunner,
  consumers: readonly string[],
  eventIds: readonly string[],
): Promise<Set<string>> {
  if (consumers.length === 0 || eventIds.length === 0) return new Set();
  const rows = await db.query<{ seen: string }>(SEEN_IN_INBOX, [consumers, eventIds]);
  return new Set(rows.map((row) => row.seen));
}

/**
 * Records skipped events as seen, in one statement outside any transaction: the rows `applyOnce`
 * would write, so a later delivery (Kafka again, a catch-up) finds them and has no effect, whatever
 * has changed since. A pair already there stays as it is.
 */
export async function rememberSkipped(
  db: SqlRunner,
  skipped: readonly { consumer: string; eventId: string }[],
): Promise<void> {
  if (skipped.length === 0) return;
  await db.query(REMEMBER_SKIPPED, [
    skipped.map((one) => one.consumer),
    skipped.map((one) => one.eventId),
  ]);
}

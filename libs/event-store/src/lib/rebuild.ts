import { sql } from './database';
import type { Database } from './database';
import { toStoredEvent } from './event-store';
import type { InlineProjection } from './projection';
import type { StoredEvent } from './stored-event';
import { DROP_SNAPSHOTS } from './stream-snapshot';

const PAGE = 1000;
/**
 * The order is by the columns themselves (qualified): unqualified, `transaction_id` would name the
 * text output column, and "1000" sorts before "999".
 */
const EVENTS_AFTER = sql(
  'event-store.rebuild-page',
  `SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_type, version, type, data, metadata
     FROM events
    WHERE stream_type = ANY($1) AND (transaction_id, global_position) > ($2::text::xid8, $3::bigint)
    ORDER BY events.transaction_id, events.global_position
    LIMIT ${PAGE}`,
);

/**
 * Blocks appends (and so inline projections' writes) until the rebuild commits, after the appends in
 * flight have committed. Taken before any other statement, so the rebuild's snapshot is taken after
 * it: a writer still running (a consumer or a job that was not drained) can neither be missed nor
 * write into the rebuilt rows behind its back.
 */
const HOLD_APPENDS = sql('event-store.rebuild-hold-appends', 'LOCK TABLE events IN SHARE MODE');

/**
 * Rebuilds read models from the event store in one transaction: empty them, then replay every event
 * of the given stream types in the order they were written (transaction id, then position), each run
 * of consecutive events of one stream handed to the projections together. The snapshots of those
 * stream types are dropped: they hold read-model rows (and states) folded by the code that wrote them,
 * and the next command on each stream writes a new one from its whole history.
 */
export async function rebuildProjections(
  database: Database,
  streamTypes: readonly string[],
  projections: readonly InlineProjection[],
): Promise<number> {
  return database.transaction(async (tx) => {
    await tx.query(HOLD_APPENDS);
    for (const projection of projections) await projection.clear(tx);
    await tx.query(DROP_SNAPSHOTS, [streamTypes]);
    let replayed = 0;
    let after = { transactionId: '0', position: '0' };
    for (;;) {
      const rows = await tx.query<Parameters<typeof toStoredEvent>[0] & { transaction_id: string }>(
        EVENTS_AFTER,
        [streamTypes, after.transactionId, after.position],
      );
      if (rows.length === 0) return replayed;
      for (const events of consecutiveRuns(rows.map(toStoredEvent))) {
        for (const projection of projections)
          await projection.apply(tx, events, { streamIsNew: false });
      }
      replayed += rows.length;
      const last = rows[rows.length - 1];
      after = { transactionId: last.transaction_id, position: last.global_position };
    }
  }, 'REPEATABLE READ');
}

/**
 * Splits events into runs of consecutive events of one stream, keeping their order. Never groups a
 * stream's events across others: a projection that reads rows of another stream (a settlement
 * holding ledger lines posted by payment streams) must find them exactly as they were when the
 * event was written, so an account's settings event written first must not pull that account's
 * later payouts ahead of the lines they hold.
 */
export function consecutiveRuns(events: readonly StoredEvent[]): StoredEvent[][] {
  const runs: StoredEvent[][] = [];
  for (const event of events) {
    const last = runs.at(-1);
    if (last && last[0].streamId === event.streamId) last.push(event);
    else runs.push([event]);
  }
  return runs;
}

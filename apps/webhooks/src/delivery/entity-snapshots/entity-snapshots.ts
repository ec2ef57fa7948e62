import { sql } from '@platform/event-store';
import type { ReadScope, SqlRunner } from '@platform/event-store';
import type { EntityKind } from '../webhook-payload';

/** An entity as an event carried it, and when (milliseconds on the account clock). */
export interface EntitySnapshot {
  id: string;
  accountId: string;
  mode: 'test' | 'live';
  kind: EntityKind;
  entity: Record<string, unknown>;
  seenAt: number;
}

/** The latest state wins: an older event arriving late does not overwrite a newer one. */
const RECORD = sql(
  'entity-snapshots.record',
  `INSERT INTO entity_snapshots (id, account_id, mode, kind, entity, seen_at)
   SELECT s.id, s.account_id, s.mode, s.kind, s.entity, s.seen_at
     FROM jsonb_to_recordset($1::jsonb) AS s(id text, account_id text, mode text, kind text, entity jsonb, seen_at bigint)
   ON CONFLICT (id) DO UPDATE SET entity = EXCLUDED.entity, seen_at = EXCLUDED.seen_at WHERE entity_snapshots.seen_at <= EXCLUDED.seen_at`,
);
const FIND = sql(
  'entity-snapshots.find',
  'SELECT id, entity FROM entity_snapshots WHERE id = ANY($1::text[]) AND account_id = $2 AND mode = $3',
);

/** Keeps the entities of a chunk of events (the last of each id in the chunk), in the caller's transaction. */
export async function recordSnapshots(
  db: SqlRunner,
  snapshots: readonly EntitySnapshot[],
): Promise<void> {
  if (snapshots.length === 0) return;
  const latest = new Map<string, EntitySnapshot>();
  for (const snapshot of snapshots)
    if ((latest.get(snapshot.id)?.seenAt ?? -1) <= snapshot.seenAt)
      latest.set(snapshot.id, snapshot);
  const rows = [...latest.values()].map((s) => ({
    id: s.id,
    account_id: s.accountId,
    mode: s.mode,
    kind: s.kind,
    entity: s.entity,
    seen_at: s.seenAt,
  }));
  await db.query(RECORD, [JSON.stringify(rows)]);
}

export async function findSnapshots(
  db: SqlRunner,
  scope: ReadScope,
  ids: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; entity: Record<string, unknown> }>(FIND, [
    ids,
    scope.accountId,
    scope.mode,
  ]);
  return new Map(rows.map((row) => [row.id, row.entity]));
}

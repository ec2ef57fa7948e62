import { runAsOf } from './as-of-runner';
import { sql } from './database';
import type { Database, SqlRunner, Statement } from './database';
import { toStoredEvent } from './event-store';
import type { EventRow } from './event-store';
import type { InlineProjection } from './projection';
import type { PageRequest, ReadScope } from './read-model-query';
import { consecutiveRuns } from './rebuild';
import type { StoredEvent } from './stored-event';

/**
 * An entity's events, oldest first. Found by the stream id alone (the stream's unique index), then
 * kept to the caller's account and mode and to the public stream types, as readStream does: an id of
 * another tenant, or of an internal stream, is not there. `from`/`to` are on the event's time (unix
 * seconds on the account's clock).
 */
const ENTITY_EVENTS = sql(
  'entity-history.events',
  `WITH stream AS MATERIALIZED (
     SELECT global_position, stream_id, stream_type, version, type, data, metadata, account_id, mode
       FROM events WHERE stream_id = $1)
   SELECT global_position, stream_id, stream_type, version, type, data, metadata FROM stream
    WHERE account_id = $2 AND mode = $3 AND stream_type = ANY($4)
      AND ($5::bigint IS NULL OR (metadata->>'now')::bigint >= $5::bigint * 1000)
      AND ($6::bigint IS NULL OR (metadata->>'now')::bigint < ($6::bigint + 1) * 1000)
    ORDER BY global_position LIMIT $7 OFFSET $8`,
);

/**
 * The entity's latest complete snapshot (every inline projection's row in it) whose events all came
 * before the instant ($5, ms on the account's clock), as a first row whose `type` is null, and the
 * entity's events after it up to the instant. No row at all: no such snapshot (or no entity).
 */
const AS_OF_FROM_SNAPSHOT = sql(
  'entity-history.as-of-from-snapshot',
  `WITH snapshot AS MATERIALIZED (
     SELECT version, views FROM stream_snapshots
      WHERE stream_id = $1 AND account_id = $2 AND mode = $3 AND stream_type = ANY($4)
        AND complete AND latest_now < $5
      ORDER BY version DESC LIMIT 1),
   stream AS MATERIALIZED (
     SELECT global_position, stream_id, stream_type, version, type, data, metadata, account_id, mode
       FROM events
      WHERE stream_id = $1 AND version > (SELECT version FROM snapshot))
   SELECT NULL::bigint AS global_position, NULL::text AS stream_id, NULL::text AS stream_type, version, NULL::text AS type, views AS data, NULL::jsonb AS metadata FROM snapshot
   UNION ALL
   SELECT global_position, stream_id, stream_type, version, type, data, metadata FROM stream
    WHERE account_id = $2 AND mode = $3 AND stream_type = ANY($4) AND (metadata->>'now')::bigint < $5
   ORDER BY global_position NULLS FIRST`,
);

const ENTITY_EXISTS = sql(
  'entity-history.exists',
  `WITH stream AS MATERIALIZED (SELECT stream_type, account_id, mode FROM events WHERE stream_id = $1)
   SELECT 1 FROM stream WHERE account_id = $2 AND mode = $3 AND stream_type = ANY($4) LIMIT 1`,
);

/** Where an entity's events are kept: the stream types a service shows, and the read models built from them. */
export interface EntityStreams {
  /** The stream types whose ids are public entity ids (never internal ones, such as a registry). */
  streamTypes: readonly string[];
  /** The projections `rebuild-projections` applies: the same ones fold an entity as of a moment. */
  projections: readonly InlineProjection[];
}

/** A page of the entity's events, or null when the entity is not the caller's (or does not exist). */
export async function readEntityEvents(
  db: SqlRunner,
  scope: ReadScope,
  entityId: string,
  streamTypes: readonly string[],
  page: PageRequest,
): Promise<StoredEvent[] | null> {
  const rows = await db.query<EventRow>(ENTITY_EVENTS, [
    entityId,
    scope.accountId,
    scope.mode,
    streamTypes,
    page.from ?? null,
    page.to ?? null,
    page.count,
    page.skip,
  ]);
  if (rows.length > 0) return rows.map((row) => toStoredEvent(row));
  const [exists] = await db.query(ENTITY_EXISTS, [
    entityId,
    scope.accountId,
    scope.mode,
    streamTypes,
  ]);
  return exists ? [] : null;
}

/** Thrown to roll the as-of transaction back once its read is done. */
const ROLL_BACK = Symbol('as-of rollback');

const SHADOW_SEARCH_PATH = sql('as-of.search-path', 'SET LOCAL search_path = pg_temp, public');
const shadowStatements = new Map<string, Statement>();

function shadowOf(table: string): Statement {
  let statement = shadowStatements.get(table);
  if (!statement)
    shadowStatements.set(
      table,
      (statement = sql(
        `as-of.shadow.${table}`,
        `CREATE TEMP TABLE "${table}" (LIKE public."${table}" INCLUDING ALL) ON COMMIT DROP`,
      )),
    );
  return statement;
}

/**
 * The tables a projection writes, as its own `clear` names them (`DELETE FROM <table>`): the
 * projection stays the one place that knows them.
 */
async function tablesOf(database: Database, projection: InlineProjection): Promise<string[]> {
  const tables: string[] = [];
  await projection.clear({
    table: (entity) => database.table(entity),
    query: async (statement) => {
      const found = /^\s*DELETE FROM\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i.exec(statement.text);
      if (found) tables.push(found[1]);
      return [];
    },
  });
  return tables;
}

const ALL_EVENTS = { count: 2_147_483_647, skip: 0 };

/** Where an as-of read starts: the read models' rows to restore, then the events to apply. */
interface AsOfStart {
  /** Each restored projection and its row as the snapshot holds it. */
  restored: [InlineProjection, unknown][];
  /** The events to apply after them, up to the instant. */
  past: StoredEvent[];
  projections: InlineProjection[];
}

/**
 * From the entity's latest snapshot before the instant, when there is one whose rows every one of
 * the entity's projections with a row in it can restore; else null.
 */
async function startFromSnapshot(
  database: Database,
  streams: EntityStreams,
  scope: ReadScope,
  entityId: string,
  until: number,
): Promise<AsOfStart | null> {
  const rows = await database.query<EventRow>(AS_OF_FROM_SNAPSHOT, [
    entityId,
    scope.accountId,
    scope.mode,
    streams.streamTypes,
    until,
  ]);
  if (rows.length === 0 || rows[0].type !== null) return null;
  const views = rows[0].data as Record<string, unknown>;
  const past = rows.slice(1).map((row) => toStoredEvent(row));
  const types = new Set(past.map((event) => event.type));
  const restored: [InlineProjection, unknown][] = [];
  const projections: InlineProjection[] = [];
  for (const projection of streams.projections) {
    const held = projection.name in views;
    if (held && !projection.restore) return null;
    if (held) restored.push([projection, views[projection.name]]);
    if (held || projection.canHandle.some((type) => types.has(type))) projections.push(projection);
  }
  return { restored, past, projections };
}

/** From the entity's first event: every event up to the instant; null when the entity is not the caller's. */
async function startFromFirstEvent(
  database: Database,
  streams: EntityStreams,
  scope: ReadScope,
  entityId: string,
  until: number,
): Promise<AsOfStart | null> {
  const events = await readEntityEvents(database, scope, entityId, streams.streamTypes, ALL_EVENTS);
  if (events === null) return null;
  const types = new Set(events.map((event) => event.type));
  const projections = streams.projections.filter((projection) =>
    projection.canHandle.some((type) => types.has(type)),
  );
  return { restored: [], past: events.filter((event) => event.metadata.now < until), projections };
}

/**
 * Runs `read` against the entity as it was at the end of the second `asOf` (unix seconds on the
 * account's clock), folded from its own events: in one transaction, the read models its events feed
 * are shadowed by empty temporary tables, the rows of its latest snapshot before that moment are
 * restored in them (see stream-snapshot.ts; none: from its first event), the events after it up to
 * that moment are applied to them by the same projections as a rebuild, `read` runs (every statement
 * of the service's Database goes to the shadows), and everything is rolled back. Live rows are never written. Null when the entity is not
 * the caller's at all; `read` finds no row when it did not exist yet.
 */
export async function readAsOf<T>(
  database: Database,
  streams: EntityStreams,
  scope: ReadScope,
  entityId: string,
  asOf: number,
  read: () => Promise<T>,
): Promise<{ value: T } | null> {
  const until = (asOf + 1) * 1000;
  const start =
    (await startFromSnapshot(database, streams, scope, entityId, until)) ??
    (await startFromFirstEvent(database, streams, scope, entityId, until));
  if (start === null) return null;
  const { restored, past, projections } = start;
  const tables = new Set((await Promise.all(projections.map((p) => tablesOf(database, p)))).flat());
  let value: T | undefined;
  await database
    .transaction(async (tx) => {
      for (const table of tables) await tx.query(shadowOf(table));
      await tx.query(SHADOW_SEARCH_PATH);
      for (const [projection, row] of restored) await projection.restore?.(tx, row);
      for (const run of consecutiveRuns(past))
        for (const projection of projections)
          await projection.apply(tx, run, { streamIsNew: false });
      value = await runAsOf(tx, read);
      throw ROLL_BACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLL_BACK) throw error;
    });
  return { value: value as T };
}

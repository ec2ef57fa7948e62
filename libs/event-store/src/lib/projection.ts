import type { EntityTarget, ObjectLiteral } from 'typeorm';
import { sql } from './database';
import type { SqlRunner, Statement } from './database';
import type { SqlFragment } from './sql-fragment';
import { snapshotOf } from './stream-snapshot';
import type { TableMapping } from './table-mapping';
import type { StoredEvent } from './stored-event';

/**
 * A stream after a command, and the events the command appended. `stream` holds its history from its
 * latest snapshot on (see stream-snapshot.ts): a row projection's view of it folds from there.
 */
export interface StreamChange {
  stream: readonly StoredEvent[];
  appended: readonly StoredEvent[];
}

/** A read model updated in the same transaction as the append, so a GET right after a POST sees it. */
export interface InlineProjection {
  name: string;
  canHandle: readonly string[];
  apply(
    db: SqlRunner,
    events: readonly StoredEvent[],
    options: { streamIsNew: boolean },
  ): Promise<void>;
  /**
   * The writes that bring the read model up to date after a command, as fragments to run in the
   * command's own statement (none: nothing to write). Computed from the events alone.
   */
  write(db: SqlRunner, change: StreamChange): readonly SqlFragment[];
  /**
   * Optional: the writes for every stream of a batch together (see commandBatch), in
   * fewer, larger statements. Without it, `write` runs once per stream.
   */
  writeBatch?(db: SqlRunner, changes: readonly StreamChange[]): readonly SqlFragment[];
  /** Empties the read model before a rebuild from the event store. */
  clear(db: SqlRunner): Promise<void>;
  /**
   * Optional: writes the read model as the stream's snapshot holds it (its `view`), for an `as_of`
   * read that starts from the snapshot. A projection without it is never started from a snapshot.
   */
  restore?(db: SqlRunner, view: unknown): Promise<void>;
}

/** A read-model row per stream; `version` is the last stream version applied to it. */
export interface ProjectedRow extends ObjectLiteral {
  id: string;
  version: number;
}

export interface RowProjectionDefinition<Row extends ProjectedRow> {
  name: string;
  /** The TypeORM entity of the read model: its table and columns. */
  entity: EntityTarget<Row>;
  canHandle: readonly string[];
  /** Pure: the row after the event (null: no row). Never throws, never does I/O. */
  evolve(row: Row | null, event: StoredEvent): Row | null;
}

export interface RowProjection<Row extends ProjectedRow> extends InlineProjection {
  /** The row these events produce, without touching the database (for responses and outbox payloads). */
  view(events: readonly StoredEvent[]): Row | null;
}

interface RowStatements {
  load: Statement;
  upsert: Statement;
  remove: Statement;
  clear: Statement;
  /** Upsert as a fragment: replaces the row only with a newer version (idempotent, never backwards). */
  upsertNewer: string;
}

/**
 * A projection whose row is keyed by the stream id. Idempotent: events at or below the row's
 * version are ignored, so replaying a stream leaves the row as it is.
 */
export function rowProjection<Row extends ProjectedRow>(
  definition: RowProjectionDefinition<Row>,
): RowProjection<Row> {
  const handles = new Set(definition.canHandle);
  const fold = (row: Row | null, events: readonly StoredEvent[]): Row | null =>
    events.reduce<Row | null>((current, event) => {
      if (!handles.has(event.type) || (current !== null && event.version <= current.version))
        return current;
      const next = definition.evolve(current, event);
      return next === null ? null : { ...next, version: event.version };
    }, row);
  // A command's stream is folded by its write, its outbox messages and its answer: once is enough.
  // Keyed by the array itself (a stream after a command is a new array, never changed afterwards).
  const views = new WeakMap<readonly StoredEvent[], Row | null>();
  const view = (events: readonly StoredEvent[]): Row | null => {
    if (views.has(events)) return views.get(events) as Row | null;
    const row = fold(startOf(events), events);
    views.set(events, row);
    return row;
  };
  /** A stream read from a snapshot folds from the row the snapshot holds (see viewsOf). */
  const startOf = (events: readonly StoredEvent[]): Row | null => {
    const base = snapshotOf(events);
    if (!base || base.version === 0) return null;
    const row = base.views[definition.name] as Row | null | undefined;
    if (row === undefined)
      throw new Error(
        `${definition.name}: ${events[0]?.streamId} was read from a snapshot without its row`,
      );
    return row;
  };
  let statements: RowStatements | null = null;
  const statementsFor = (table: TableMapping<Row>) =>
    (statements ??= rowStatements(definition.name, table));
  return {
    name: definition.name,
    canHandle: definition.canHandle,
    view,
    async apply(db, events, { streamIsNew }) {
      const relevant = events.filter((event) => handles.has(event.type));
      if (relevant.length === 0) return;
      const table = db.table(definition.entity);
      const { load, upsert, remove } = statementsFor(table);
      const [found] = streamIsNew ? [] : await db.query(load, [relevant[0].streamId]);
      const current = found ? table.fromDb(found) : null;
      const next = fold(current, relevant);
      if (next === null) {
        if (current !== null) await db.query(remove, [current.id]);
      } else if (next !== current) {
        await db.query(upsert, table.toDb(next));
      }
    },
    async clear(db) {
      await db.query(statementsFor(db.table(definition.entity)).clear);
    },
    async restore(db, row) {
      if (row === null) return;
      const table = db.table(definition.entity);
      await db.query(statementsFor(table).upsert, table.toDb(row as Row));
    },
    write(db, { stream }) {
      if (!stream.some((event) => handles.has(event.type))) return [];
      const table = db.table(definition.entity);
      const row = view(stream);
      if (row === null)
        return [
          {
            text: `DELETE FROM "${table.table}" WHERE "${table.primaryKey}" = $1 RETURNING 1`,
            values: [stream[0].streamId],
          },
        ];
      return [{ text: statementsFor(table).upsertNewer, values: table.toDb(row) }];
    },
  };
}

function rowStatements<Row extends ObjectLiteral>(
  name: string,
  table: TableMapping<Row>,
): RowStatements {
  const quoted = table.columns.map((column) => `"${column}"`);
  const updates = quoted
    .filter((column) => column !== `"${table.primaryKey}"`)
    .map((column) => `${column} = EXCLUDED.${column}`);
  return {
    load: sql(
      `${name}.load`,
      `SELECT ${table.selectList} FROM "${table.table}" WHERE "${table.primaryKey}" = $1`,
    ),
    upsert: sql(
      `${name}.upsert`,
      `INSERT INTO "${table.table}" (${quoted.join(', ')}) VALUES (${quoted.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT ("${table.primaryKey}") DO UPDATE SET ${updates.join(', ')}`,
    ),
    remove: sql(`${name}.remove`, `DELETE FROM "${table.table}" WHERE "${table.primaryKey}" = $1`),
    clear: sql(`${name}.clear`, `DELETE FROM "${table.table}"`),
    upsertNewer: `INSERT INTO "${table.table}" (${quoted.join(', ')}) VALUES (${quoted.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT ("${table.primaryKey}") DO UPDATE SET ${updates.join(', ')} WHERE "${table.table}"."version" < EXCLUDED."version" RETURNING 1`,
  };
}

/** The columns every read-model row of a stream starts with: which stream, at which version, whose, and when it began. */
export interface RowOrigin {
  id: string;
  version: number;
  accountId: string;
  mode: 'test' | 'live';
  /** Unix seconds, as the API shows it. */
  createdAt: number;
  /** Milliseconds: rows created in the same second keep their order in lists. */
  createdMs: number;
}

/** The origin of the row a stream's first event creates; `createdAtMs` is that event's time on the account clock. */
export function rowOrigin(event: StoredEvent, createdAtMs: number): RowOrigin {
  return {
    id: event.streamId,
    version: event.version,
    accountId: event.metadata.accountId,
    mode: event.metadata.mode,
    createdAt: Math.floor(createdAtMs / 1000),
    createdMs: createdAtMs,
  };
}

/** The row a stream's first event creates: its origin and the projection's own columns. */
export function newRow<Row extends RowOrigin>(
  event: StoredEvent,
  createdAtMs: number,
  columns: Omit<Row, keyof RowOrigin>,
): Row {
  return { ...rowOrigin(event, createdAtMs), ...columns } as Row;
}

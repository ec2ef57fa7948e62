import type { Event } from '@platform/domain-kit';
import { sql } from './database';
import type { SqlRunner } from './database';
import type { SqlFragment } from './sql-fragment';
import type { EventMetadata, StoredEvent } from './stored-event';

export interface EventRow {
  global_position: string;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface AppendRequest<E extends Event> {
  streamId: string;
  streamType: string;
  /** The stream's version the decision was made on (0: the stream must not exist yet). */
  expectedVersion: number;
  events: readonly E[];
  metadata: EventMetadata;
}

const COLUMNS = 'global_position, stream_id, stream_type, version, type, data, metadata';
/**
 * The stream is found by its id alone, then checked for type, account and mode: with every condition
 * in one WHERE, a planner whose statistics were young (a new database filling up) took the
 * stream-type index and filtered every stream of that type (4 ms a read with a thousand orders,
 * against a tenth of one). The materialized CTE keeps the other conditions out of the index choice.
 */
const READ_STREAM = sql(
  'event-store.read-stream',
  `WITH stream AS MATERIALIZED (SELECT ${COLUMNS}, account_id, mode FROM events WHERE stream_id = $1)
   SELECT ${COLUMNS} FROM stream WHERE stream_type = $2 AND account_id = $3 AND mode = $4 ORDER BY version`,
);

/**
 * Reads a stream of the given type in order. Only events of that type of stream and of the caller's
 * account and mode count: an id of another kind (a payment id given as an order id), account or mode
 * is not there, exactly like an unknown id.
 */
export async function readStream<E extends Event>(
  db: SqlRunner,
  stream: { streamId: string; streamType: string },
  scope: Pick<EventMetadata, 'accountId' | 'mode'>,
): Promise<StoredEvent<E>[]> {
  const rows = await db.query<EventRow>(READ_STREAM, [
    stream.streamId,
    stream.streamType,
    scope.accountId,
    scope.mode,
  ]);
  return rows.map((row) => toStoredEvent<E>(row));
}

/** The append as a fragment (INSERT … RETURNING the stored rows), to combine with other writes. */
export function appendFragment<E extends Event>(request: AppendRequest<E>): SqlFragment {
  const values: unknown[] = [];
  const tuples = request.events.map((event, i) => {
    values.push(
      request.streamId,
      request.streamType,
      request.expectedVersion + i + 1,
      event.type,
      JSON.stringify(event.data),
      JSON.stringify(request.metadata),
      request.metadata.accountId,
      request.metadata.mode,
    );
    const p = i * 8;
    return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 7}, $${p + 8})`;
  });
  return {
    text: `INSERT INTO events (stream_id, stream_type, version, type, data, metadata, account_id, mode) VALUES ${tuples.join(', ')} RETURNING ${COLUMNS}`,
    values,
  };
}

/** True when an append lost the race for a stream version (retry the command). */
export function isVersionConflict(error: unknown): boolean {
  return isUniqueViolation(error, 'events_stream_version_unique');
}

/** A unique constraint refused a write (pg's error, or the same wrapped by TypeORM). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const direct = error as {
    code?: string;
    constraint?: string;
    driverError?: { code?: string; constraint?: string };
  };
  const cause = direct.driverError ?? direct;
  return cause.code === '23505' && cause.constraint === constraint;
}

export function toStoredEvent<E extends Event>(row: EventRow): StoredEvent<E> {
  const stored = {
    globalPosition: Number(row.global_position),
    streamId: row.stream_id,
    streamType: row.stream_type,
    version: row.version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
  };
  return stored as StoredEvent<E>; // the row's type names which variant of E it is
}

import type { Event } from '@platform/domain-kit';
import type { EntityManager } from 'typeorm';
import type { EventMetadata, StoredEvent } from './stored-event';

interface EventRow {
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

/** Reads a stream in order. Only events of the caller's account and mode count: others are not there. */
export async function readStream<E extends Event>(manager: EntityManager, streamId: string, scope: Pick<EventMetadata, 'accountId' | 'mode'>): Promise<StoredEvent<E>[]> {
  const rows: EventRow[] = await manager.query(
    `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND account_id = $2 AND mode = $3 ORDER BY version`,
    [streamId, scope.accountId, scope.mode],
  );
  return rows.map((row) => toStoredEvent<E>(row));
}

/**
 * Appends events after `expectedVersion`. A concurrent append to the same stream makes the unique
 * (stream_id, version) constraint fail: the caller reloads and decides again (optimistic concurrency).
 */
export async function appendToStream<E extends Event>(manager: EntityManager, request: AppendRequest<E>): Promise<StoredEvent<E>[]> {
  const values: unknown[] = [];
  const tuples = request.events.map((event, i) => {
    values.push(request.streamId, request.streamType, request.expectedVersion + i + 1, event.type, JSON.stringify(event.data), JSON.stringify(request.metadata), request.metadata.accountId, request.metadata.mode);
    const p = i * 8;
    return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 7}, $${p + 8})`;
  });
  const rows: EventRow[] = await manager.query(
    `INSERT INTO events (stream_id, stream_type, version, type, data, metadata, account_id, mode) VALUES ${tuples.join(', ')} RETURNING ${COLUMNS}`,
    values,
  );
  return rows.map((row) => toStoredEvent<E>(row));
}

/** True when an append lost the race for a stream version (retry the command). */
export function isVersionConflict(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driverError?.code === '23505' && driverError.constraint === 'events_stream_version_unique';
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

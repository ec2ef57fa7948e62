import type { Decider, Event } from '@platform/domain-kit';
import { sql } from './sql-runner';
import type { SqlRunner } from './sql-runner';
import type { SqlFragment } from './sql-fragment';
import type { EventMetadata, StoredEvent } from './stored-event';

/**
 * A snapshot is written once this many events have been appended since the one a command read
 * (or since the stream began): a command then folds at most this many events plus its own, whatever
 * the stream's length, and a snapshot row costs a hundredth of a row per event. Larger: fewer rows,
 * more folding per command; smaller: the reverse. Folding 100 events costs tens of microseconds.
 */
export const SNAPSHOT_EVERY = 100;

/**
 * What a stream folded to at `version`, kept with the stream (table stream_snapshots): the decider's
 * state (valid only for the decider's `snapshotVersion`), the row of each of the stream's row
 * projections (`views`, by projection name; `complete` when every inline projection of the stream
 * has one, so an `as_of` read may start there), and the latest account-clock time (ms) of any event
 * up to that version, which `as_of` compares with its instant.
 */
export interface StreamBase {
  version: number;
  snapshotVersion: number;
  state: unknown;
  views: Record<string, unknown>;
  complete: boolean;
  latestNow: number;
}

/**
 * A stream read from a snapshot is the array of the events after it, with the snapshot as its base:
 * kept beside the array (never inside it), so code that only appends to it or filters it by version
 * keeps its base through `continued` / `streamUpTo`, and a row projection's view folds from the
 * snapshot's row. A stream read whole has no base.
 */
const bases = new WeakMap<readonly StoredEvent[], StreamBase>();

/** The events after `base`, as a stream whose history before them is the snapshot. */
export function fromSnapshot<T extends readonly StoredEvent[]>(events: T, base?: StreamBase): T {
  if (base) bases.set(events, base);
  return events;
}

/** The snapshot the stream starts from (undefined: it starts at its first event). */
export function snapshotOf(stream: readonly StoredEvent[]): StreamBase | undefined {
  return bases.get(stream);
}

/** The stream's version: its last event's, or its snapshot's when no event came after it. */
export function versionOf(stream: readonly StoredEvent[]): number {
  return stream[stream.length - 1]?.version ?? snapshotOf(stream)?.version ?? 0;
}

/** The stream with these events appended, from the same snapshot. */
export function continued<E extends StoredEvent>(
  stream: readonly E[],
  appended: readonly E[],
): E[] {
  return fromSnapshot([...stream, ...appended], snapshotOf(stream));
}

/**
 * The stream as it was right after `version`. The stream itself when nothing comes after it, so a
 * projection's view of it is folded once (views are kept per stream array, see rowProjection). A
 * stream read from a snapshot keeps it (see fromSnapshot); `version` must not be before it.
 */
export function streamUpTo<S extends StoredEvent>(
  stream: readonly S[],
  version: number,
): readonly S[] {
  const last = stream[stream.length - 1];
  if (last === undefined || last.version <= version) return stream;
  const base = snapshotOf(stream);
  if (base && version < base.version)
    throw new Error(
      `${last.streamId} was read from its snapshot at ${base.version}, not ${version}`,
    );
  return fromSnapshot(
    stream.filter((event) => event.version <= version),
    base,
  );
}

/** A snapshot as stored, for the command's one statement. */
export interface SnapshotRow extends StreamBase {
  streamId: string;
  streamType: string;
  accountId: string;
  mode: EventMetadata['mode'];
}

/** The snapshots of a command's streams, one INSERT of any number of rows (one statement shape). */
export function snapshotsFragment(rows: readonly SnapshotRow[]): SqlFragment {
  const records = rows.map((row) => ({
    stream_id: row.streamId,
    version: row.version,
    stream_type: row.streamType,
    account_id: row.accountId,
    mode: row.mode,
    snapshot_version: row.snapshotVersion,
    state: row.state,
    views: row.views,
    complete: row.complete,
    latest_now: row.latestNow,
  }));
  return {
    text: `INSERT INTO stream_snapshots (stream_id, version, stream_type, account_id, mode, snapshot_version, state, views, complete, latest_now)
           SELECT s.stream_id, s.version, s.stream_type, s.account_id, s.mode, s.snapshot_version, s.state, s.views, s.complete, s.latest_now
             FROM jsonb_to_recordset($1::jsonb) AS s(stream_id text, version integer, stream_type text, account_id text, mode text, snapshot_version integer, state jsonb, views jsonb, complete boolean, latest_now bigint)
           ON CONFLICT (stream_id, version) DO UPDATE SET snapshot_version = EXCLUDED.snapshot_version, state = EXCLUDED.state, views = EXCLUDED.views, complete = EXCLUDED.complete, latest_now = EXCLUDED.latest_now
           RETURNING 1`,
    values: [JSON.stringify(records)],
  };
}

const EVENT_COLUMNS = 'global_position, stream_id, stream_type, version, type, data, metadata';

/** A snapshot's columns as one JSON value, in the `data` column of the row that stands for it. */
const BASE_JSON = `jsonb_build_object('snapshotVersion', snapshot_version, 'state', state, 'views', views, 'complete', complete, 'latestNow', latest_now, 'streamType', stream_type, 'accountId', account_id, 'mode', mode)`;

/**
 * The latest snapshot of the decider's version and the events after it, in one query: the snapshot
 * as a first row whose `type` is null (its version is below every event's after it). The events are
 * found by the stream id and version (the unique index) and then kept to the type and tenant, as
 * readStream does.
 */
const READ_FROM_SNAPSHOT = sql(
  'event-store.read-from-snapshot',
  `WITH snapshot AS MATERIALIZED (
     SELECT * FROM stream_snapshots
      WHERE stream_id = $1 AND stream_type = $2 AND account_id = $3 AND mode = $4 AND snapshot_version = $5
      ORDER BY version DESC LIMIT 1),
   stream AS MATERIALIZED (
     SELECT ${EVENT_COLUMNS}, account_id, mode FROM events
      WHERE stream_id = $1 AND version > COALESCE((SELECT version FROM snapshot), 0))
   SELECT NULL::bigint AS global_position, stream_id, stream_type, version, NULL::text AS type, ${BASE_JSON} AS data, NULL::jsonb AS metadata FROM snapshot
   UNION ALL
   SELECT ${EVENT_COLUMNS} FROM stream WHERE stream_type = $2 AND account_id = $3 AND mode = $4
   ORDER BY version`,
);

/**
 * The latest snapshot of each stream, of any decider version (the caller checks it), and the events
 * after it (of any type and tenant: the caller checks them), for a batch's prefetch.
 */
const READ_STREAMS_FROM_SNAPSHOTS = sql(
  'event-store.read-streams-from-snapshots',
  `WITH snapshot AS MATERIALIZED (
     SELECT latest.* FROM unnest($1::text[]) AS ids(stream_id)
      CROSS JOIN LATERAL (
        SELECT * FROM stream_snapshots WHERE stream_id = ids.stream_id ORDER BY version DESC LIMIT 1
      ) latest)
   SELECT NULL::bigint AS global_position, stream_id, stream_type, version, NULL::text AS type, ${BASE_JSON} AS data, NULL::jsonb AS metadata FROM snapshot
   UNION ALL
   SELECT e.global_position, e.stream_id, e.stream_type, e.version, e.type, e.data, e.metadata
     FROM events e LEFT JOIN snapshot s ON s.stream_id = e.stream_id
    WHERE e.stream_id = ANY($1::text[]) AND e.version > COALESCE(s.version, 0)
   ORDER BY stream_id, version`,
);

interface StreamRow {
  global_position: string | null;
  stream_id: string;
  stream_type: string;
  version: number;
  type: string | null;
  data: unknown;
  metadata: EventMetadata | null;
}

/** A snapshot as read, with whose stream it is. */
export interface ReadBase extends StreamBase {
  streamType: string;
  accountId: string;
  mode: EventMetadata['mode'];
}

function baseOf(row: StreamRow): ReadBase {
  return { ...(row.data as Omit<ReadBase, 'version'>), version: row.version };
}

function eventOf(row: StreamRow): StoredEvent {
  return {
    globalPosition: Number(row.global_position),
    streamId: row.stream_id,
    streamType: row.stream_type,
    version: row.version,
    type: row.type as string,
    data: row.data,
    metadata: row.metadata as EventMetadata,
  } as StoredEvent;
}

/**
 * The stream from its latest snapshot folded by `snapshotVersion` (the events after it, with the
 * snapshot as base; the whole stream when there is none), of its type and tenant only.
 */
export async function readFromSnapshot(
  db: SqlRunner,
  stream: { streamId: string; streamType: string },
  scope: Pick<EventMetadata, 'accountId' | 'mode'>,
  snapshotVersion: number,
): Promise<StoredEvent[]> {
  const rows = await db.query<StreamRow>(READ_FROM_SNAPSHOT, [
    stream.streamId,
    stream.streamType,
    scope.accountId,
    scope.mode,
    snapshotVersion,
  ]);
  const base = rows[0]?.type === null ? baseOf(rows[0]) : undefined;
  return fromSnapshot((base ? rows.slice(1) : rows).map(eventOf), base);
}

/** Streams from their latest snapshots (see READ_STREAMS_FROM_SNAPSHOTS), by stream id. */
export async function readStreamsFromSnapshots(
  db: SqlRunner,
  streamIds: readonly string[],
): Promise<Map<string, { events: StoredEvent[]; base?: ReadBase }>> {
  const byStream = new Map<string, { events: StoredEvent[]; base?: ReadBase }>();
  if (streamIds.length === 0) return byStream;
  for (const row of await db.query<StreamRow>(READ_STREAMS_FROM_SNAPSHOTS, [streamIds])) {
    let read = byStream.get(row.stream_id);
    if (!read) byStream.set(row.stream_id, (read = { events: [] }));
    if (row.type === null) read.base = baseOf(row);
    else read.events.push(eventOf(row));
  }
  return byStream;
}

/** Every snapshot of these stream types: `rebuild-projections` drops them, commands write them anew. */
export const DROP_SNAPSHOTS = sql(
  'event-store.drop-snapshots',
  'DELETE FROM stream_snapshots WHERE stream_type = ANY($1)',
);

type Folding<S> = Pick<Decider<S, never, Event>, 'initialState' | 'evolve' | 'snapshotVersion'>;

/**
 * The decider's state after the stream: folded from its snapshot's state when it was read from one
 * (which must be of the decider's snapshot version), else from the initial state.
 */
export function foldStream<S>(decider: Folding<S>, stream: readonly StoredEvent[]): S {
  const base = snapshotOf(stream);
  if (base && base.snapshotVersion !== decider.snapshotVersion)
    throw new Error(
      `${stream[0]?.streamId ?? 'a stream'} was read from a snapshot of version ${base.snapshotVersion}, not ${decider.snapshotVersion}`,
    );
  return stream.reduce(
    (state, event) => decider.evolve(state, { type: event.type, data: event.data }),
    base ? (base.state as S) : decider.initialState(),
  );
}

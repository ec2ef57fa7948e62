import type { Event, Mode } from '@platform/domain-kit';
import { fromSnapshot, snapshotOf } from './stream-snapshot';

/** What the store keeps with each event besides its type and data. */
export interface EventMetadata {
  accountId: string;
  mode: Mode;
  /** Milliseconds since the epoch on the account's clock, when the command was decided. */
  now: number;
  requestId?: string;
  keyId?: string;
  correlationId?: string;
  causationId?: string;
}

interface StoredEventFields {
  globalPosition: number;
  streamId: string;
  streamType: string;
  version: number;
  metadata: EventMetadata;
}

/** An event as stored: one variant per event type, so a switch on `type` narrows `data`. */
export type StoredEvent<E extends Event = Event> = E extends Event
  ? StoredEventFields & { type: E['type']; data: E['data'] }
  : never;

export function toDomainEvent<E extends Event>(stored: StoredEvent<E>): E {
  return { type: stored.type, data: stored.data } as E;
}

/**
 * The stream as it was right after `version`. The stream itself when nothing comes after it, so a
 * projection's view of it is folded once (views are kept per stream array, see rowProjection). A
 * stream read from a snapshot keeps it (see stream-snapshot.ts); `version` must not be before it.
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

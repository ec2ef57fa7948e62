import type { Event, Mode } from '@platform/domain-kit';

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

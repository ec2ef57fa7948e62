import { idFor } from '@platform/domain-kit';
import type { EntityStreams, StoredEvent } from '@platform/event-store';

/**
 * What a caller may see of an event's data, by event type: the rule that leaves out secrets and
 * internal-only fields (anything the entity's own GET never shows). Types without a rule are shown
 * as recorded.
 */
export type EventRedactions = Readonly<Record<string, (data: never) => unknown>>;

/** What a service shows of its entities' history. */
export interface EntityHistoryOptions extends EntityStreams {
  /** The service's name: it makes event ids unique across the services' event stores. */
  service: string;
  redactions?: EventRedactions;
  /**
   * Catch up on other services' events before listing (EventCatchUp): for entities whose history
   * includes what those events cause (an invoice paid by a payment).
   */
  catchUp?: boolean;
}

/** An event as `GET /v1/events` shows it. */
export interface PublicEvent {
  id: string;
  entity: 'event';
  type: string;
  /** Unix seconds on the account's clock. */
  occurred_at: number;
  /** The event's place in its entity's history, from 1. */
  version: number;
  data: unknown;
  /** The request that caused it (the same as the published event's), or null. */
  correlation_id: string | null;
}

export function toPublicEvent(
  options: Pick<EntityHistoryOptions, 'service' | 'redactions'>,
  event: StoredEvent,
): PublicEvent {
  const redact = options.redactions?.[event.type] as ((data: unknown) => unknown) | undefined;
  return {
    // Stable: the same stored event always has the same id.
    id: idFor('evt', `${options.service}:${event.globalPosition}`),
    entity: 'event',
    type: event.type,
    occurred_at: Math.floor(event.metadata.now / 1000),
    version: event.version,
    data: redact ? redact(event.data as never) : event.data,
    correlation_id: event.metadata.correlationId ?? event.metadata.requestId ?? null,
  };
}

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
  /**
   * The event’s id: always the same for the same event.
   *
   * @example "evt_1Aa00000000001"
   *
   * @pattern ^evt_[0-9A-Za-z]{14}$
   */
  id: string;
  entity: 'event';
  /**
   * What happened, as the owning service records it (PascalCase, past tense), e.g.
   * `PaymentAuthorized`, `PaymentCaptured`, `PaymentRefunded`, `InvoiceIssued`, `WebhookEdited`.
   *
   * @example "PaymentCaptured"
   */
  type: string;
  /** When it happened: Unix seconds on the account’s clock (the test clock in test mode). */
  occurred_at: number;
  /**
   * Its place in the entity’s history: 1 for the event that created it, then 2, 3, …
   *
   * @minimum 1
   */
  version: number;
  /**
   * The change, as recorded (camelCase; times in milliseconds on the account’s clock). Secrets and
   * internal-only fields are left out: a webhook’s history shows `secretExists`, never the secret.
   */
  data: Record<string, unknown>;
  /**
   * The id of the request that caused it (its X-Request-Id), the same as the published event’s;
   * null when none did.
   */
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
    // Events are recorded as objects; a redaction leaves out fields.
    data: (redact ? redact(event.data as never) : event.data) as Record<string, unknown>,
    correlation_id: event.metadata.correlationId ?? event.metadata.requestId ?? null,
  };
}

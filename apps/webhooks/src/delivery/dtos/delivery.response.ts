import type { WebhookDeliveryStatus, WebhookEventName } from '@platform/contracts';
import type { DeliveryRow } from '../deliveries';

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

/** One try of a delivery: when (Unix seconds, account clock), what the endpoint answered, how long it took. */
export interface DeliveryAttemptEntity {
  /**
   * 1 for the first try, then counting up.
   *
   * @minimum 1
   */
  attempt: number;
  /** Unix seconds, on the account's clock. */
  attempted_at: number;
  /**
   * What the endpoint answered; null when it gave no answer (timeout, connection refused, address
   * not allowed).
   */
  status_code: number | null;
  /** How long the attempt took, in milliseconds. */
  latency_ms: number;
  /** Why the attempt failed (e.g. "answered 500", "no answer within 5 s"); null when delivered. */
  error: string | null;
}

/** A webhook's delivery of one event (`entity: "webhook.delivery"`), with every attempt so far. */
export interface DeliveryEntity {
  /**
   * @example "whd_1Aa00000000001"
   *
   * @pattern ^whd_[0-9A-Za-z]{14}$
   */
  id: string;
  entity: 'webhook.delivery';
  /** @example "wh_1Aa00000000001" */
  webhook_id: string;
  /**
   * The event's id, as sent in `X-Razorpay-Event-Id`.
   *
   * @example "evt_1Aa00000000001"
   */
  event_id: string;
  event: WebhookEventName;
  /**
   * `pending`: not delivered yet, an attempt is due at `next_attempt_at`. `delivered`: an attempt
   * got a 2xx answer. `failed`: no attempt succeeded within 24 hours of the event.
   */
  status: WebhookDeliveryStatus;
  /** @minimum 0 */
  attempt_count: number;
  /**
   * While pending: when the next attempt is due, Unix seconds on the account's clock; null
   * otherwise.
   */
  next_attempt_at: number | null;
  /**
   * The status of the last attempt's answer; null before the first attempt and when there was no
   * answer.
   */
  last_status_code: number | null;
  /** Why the last attempt failed; null when it did not. */
  last_error: string | null;
  /** Unix seconds, once delivered. */
  delivered_at: number | null;
  /** When its event happened, Unix seconds on the account's clock. */
  created_at: number;
  /** Every attempt so far, oldest first. */
  attempts: DeliveryAttemptEntity[];
}

export function toDeliveryEntity(row: DeliveryRow): DeliveryEntity {
  return {
    id: row.id,
    entity: 'webhook.delivery',
    webhook_id: row.webhookId,
    event_id: row.eventId,
    // Deliveries are made only for the events webhooks subscribe to.
    event: row.event as WebhookEventName,
    status: row.status,
    attempt_count: row.attempts,
    next_attempt_at: row.status === 'pending' ? seconds(row.nextAttemptAt) : null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    delivered_at: seconds(row.deliveredAt),
    created_at: row.createdAt,
    attempts: row.tries.map((t) => ({
      attempt: t.attempt,
      attempted_at: seconds(t.attemptedAt) as number,
      status_code: t.statusCode,
      latency_ms: t.latencyMs,
      error: t.error,
    })),
  };
}

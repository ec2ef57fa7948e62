import type { WebhookDeliveryStatus } from '@platform/contracts';
import type { DeliveryRow } from '../deliveries';

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

/** One try of a delivery: when (Unix seconds, account clock), what the endpoint answered, how long it took. */
export interface DeliveryAttemptEntity {
  attempt: number;
  attempted_at: number;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
}

/** A webhook's delivery of one event (`entity: "webhook.delivery"`), with every attempt so far. */
export interface DeliveryEntity {
  id: string;
  entity: 'webhook.delivery';
  webhook_id: string;
  event_id: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempt_count: number;
  /** While pending: when the next attempt is due. */
  next_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: number | null;
  created_at: number;
  attempts: DeliveryAttemptEntity[];
}

export function toDeliveryEntity(row: DeliveryRow): DeliveryEntity {
  return {
    id: row.id,
    entity: 'webhook.delivery',
    webhook_id: row.webhookId,
    event_id: row.eventId,
    event: row.event,
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

import { sql } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';

/** The channel the dispatcher LISTENs on: a new delivery is tried the moment its event is taken. */
export const DELIVERY_CHANNEL = 'webhook_deliveries';

/** A delivery to write: one per webhook and event. Times in milliseconds on the account clock. */
export interface NewDelivery {
  id: string;
  webhookId: string;
  accountId: string;
  mode: 'test' | 'live';
  eventId: string;
  event: string;
  body: string;
  sealedSecret: string | null;
  eventAt: number;
}

const ENQUEUE = sql(
  'deliveries.enqueue',
  `WITH added AS (
     INSERT INTO webhook_deliveries (id, webhook_id, account_id, mode, event_id, event, body, sealed_secret, status, event_at, next_attempt_at, created_at, created_ms)
     SELECT d.id, d.webhook_id, d.account_id, d.mode, d.event_id, d.event, d.body, d.sealed_secret, 'pending', d.event_at, d.event_at, d.event_at / 1000, d.event_at
       FROM jsonb_to_recordset($1::jsonb) AS d(id text, webhook_id text, account_id text, mode text, event_id text, event text, body text, sealed_secret text, event_at bigint)
     ON CONFLICT DO NOTHING RETURNING 1)
   SELECT pg_notify('${DELIVERY_CHANNEL}', '') FROM (SELECT count(*) FROM added) AS n`,
);

/** Writes deliveries in the caller's transaction (a redelivered event adds none) and wakes the dispatcher on commit. */
export async function enqueueDeliveries(db: SqlRunner, deliveries: readonly NewDelivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  const rows = deliveries.map((d) => ({ id: d.id, webhook_id: d.webhookId, account_id: d.accountId, mode: d.mode, event_id: d.eventId, event: d.event, body: d.body, sealed_secret: d.sealedSecret, event_at: d.eventAt }));
  await db.query(ENQUEUE, [JSON.stringify(rows)]);
}

/** A delivery claimed for an attempt: what to send, where, and the account's clock now. */
export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  accountId: string;
  mode: 'test' | 'live';
  eventId: string;
  event: string;
  body: string;
  sealedSecret: string | null;
  url: string;
  attempts: number;
  eventAt: number;
  now: number;
}

const LEASE_MS = 60_000;

/**
 * Due on the account's clock (test clocks included), of an active webhook not already at its limit
 * in this process, oldest first; leased so another dispatcher (replica) skips them meanwhile.
 */
const CLAIM = sql(
  'deliveries.claim',
  `WITH due AS (
     SELECT d.id, $1::bigint + COALESCE(c.offset_ms, 0) AS now
       FROM webhook_deliveries d
       JOIN webhooks w ON w.id = d.webhook_id AND w.active
       LEFT JOIN account_clocks c ON d.mode = 'test' AND c.account_id = d.account_id
      WHERE d.status = 'pending' AND d.leased_until < $1::bigint
        AND d.next_attempt_at <= $1::bigint + (SELECT COALESCE(max(offset_ms), 0) FROM account_clocks)
        AND d.next_attempt_at <= $1::bigint + COALESCE(c.offset_ms, 0)
        AND NOT (d.webhook_id = ANY($3::text[]))
      ORDER BY d.next_attempt_at
      LIMIT $2
      FOR UPDATE OF d SKIP LOCKED)
   UPDATE webhook_deliveries d SET leased_until = $1::bigint + ${LEASE_MS}
     FROM due, webhooks w
    WHERE d.id = due.id AND w.id = d.webhook_id
   RETURNING d.id, d.webhook_id AS "webhookId", d.account_id AS "accountId", d.mode, d.event_id AS "eventId", d.event, d.body,
             d.sealed_secret AS "sealedSecret", w.url, d.attempts, d.event_at::float8 AS "eventAt", due.now::float8 AS now`,
);
const RELEASE = sql('deliveries.release', 'UPDATE webhook_deliveries SET leased_until = 0 WHERE id = ANY($1::text[])');

export async function claimDue(db: SqlRunner, limit: number, busyWebhooks: readonly string[]): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(CLAIM, [Date.now(), limit, busyWebhooks]);
}

/** Gives claimed deliveries back untried (their webhook has enough in flight). */
export async function releaseClaims(db: SqlRunner, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.query(RELEASE, [ids]);
}

/** What one attempt came to; `next` is the next attempt's time, or null when the delivery ends. */
export interface AttemptResult {
  delivery: ClaimedDelivery;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  delivered: boolean;
  next: number | null;
}

const RECORD_ATTEMPT = sql(
  'deliveries.record-attempt',
  `WITH attempt AS (
     INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status_code, latency_ms, error)
     SELECT id, attempts + 1, $2, $3, $4, $5 FROM webhook_deliveries WHERE id = $1
     RETURNING 1)
   UPDATE webhook_deliveries
      SET attempts = attempts + 1, leased_until = 0, last_status_code = $3, last_error = $5,
          status = CASE WHEN $6 THEN 'delivered' WHEN $7::bigint IS NULL THEN 'failed' ELSE 'pending' END,
          delivered_at = CASE WHEN $6 THEN $2::bigint ELSE delivered_at END,
          next_attempt_at = COALESCE($7::bigint, next_attempt_at)
    WHERE id = $1`,
);

export async function recordAttempt(db: SqlRunner, result: AttemptResult): Promise<void> {
  const { delivery, statusCode, latencyMs, error, delivered, next } = result;
  await db.query(RECORD_ATTEMPT, [delivery.id, delivery.now, statusCode, latencyMs, error, delivered, delivered ? null : next]);
}

const DELIVERED_SINCE = sql('deliveries.delivered-since', `SELECT 1 FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'delivered' AND delivered_at >= $2 LIMIT 1`);

/** Did any delivery of this webhook succeed since `since` (account clock)? */
export async function deliveredSince(db: SqlRunner, webhookId: string, since: number): Promise<boolean> {
  return (await db.query(DELIVERED_SINCE, [webhookId, since])).length > 0;
}

/** A delivery as its webhook's deliveries API shows it, with every attempt. */
export interface DeliveryRow {
  id: string;
  webhookId: string;
  eventId: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: number | null;
  createdAt: number;
  tries: { attempt: number; attemptedAt: number; statusCode: number | null; latencyMs: number; error: string | null }[];
}

const LIST = sql(
  'deliveries.list',
  `SELECT d.id, d.webhook_id AS "webhookId", d.event_id AS "eventId", d.event, d.status, d.attempts, d.next_attempt_at::float8 AS "nextAttemptAt",
          d.last_status_code AS "lastStatusCode", d.last_error AS "lastError", d.delivered_at::float8 AS "deliveredAt", d.created_at::float8 AS "createdAt",
          COALESCE((SELECT jsonb_agg(jsonb_build_object('attempt', a.attempt, 'attemptedAt', a.attempted_at, 'statusCode', a.status_code, 'latencyMs', a.latency_ms, 'error', a.error) ORDER BY a.attempt)
                      FROM webhook_attempts a WHERE a.delivery_id = d.id), '[]') AS tries
     FROM webhook_deliveries d
    WHERE d.webhook_id = $1 AND d.account_id = $2 AND d.mode = $3
      AND ($4::bigint IS NULL OR d.created_at >= $4) AND ($5::bigint IS NULL OR d.created_at <= $5)
      AND ($8::text IS NULL OR d.event_id = $8) AND ($9::text IS NULL OR d.status = $9) AND ($10::text IS NULL OR d.id = $10)
    ORDER BY d.created_at DESC, d.created_ms DESC, d.id DESC
    LIMIT $6 OFFSET $7`,
);

export async function listDeliveries(db: SqlRunner, scope: ReadScope, webhookId: string, page: PageRequest, filters: { eventId?: string; status?: string; id?: string }): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(LIST, [webhookId, scope.accountId, scope.mode, page.from ?? null, page.to ?? null, page.count, page.skip, filters.eventId ?? null, filters.status ?? null, filters.id ?? null]);
}

const RETRY_NOW = sql(
  'deliveries.retry-now',
  `WITH again AS (
     UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $4, leased_until = 0
      WHERE id = $1 AND webhook_id = $2 AND account_id = $3 AND mode = $5 RETURNING 1)
   SELECT pg_notify('${DELIVERY_CHANNEL}', '') FROM again`,
);

/** Sends a delivery again at once (whatever it came to); false when it is not the caller's. */
export async function retryNow(db: SqlRunner, scope: ReadScope, webhookId: string, deliveryId: string, now: number): Promise<boolean> {
  return (await db.query(RETRY_NOW, [deliveryId, webhookId, scope.accountId, now, scope.mode])).length > 0;
}

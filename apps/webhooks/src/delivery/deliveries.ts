import type { WebhookDeliveryStatus } from '@platform/contracts';
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

/** An event's body is stored once, whatever number of webhooks it goes to (a dead endpoint's deliveries cost a small row each). */
const ENQUEUE = sql(
  'deliveries.enqueue',
  `WITH bodies AS (
     INSERT INTO webhook_event_bodies (event_id, body)
     SELECT b.event_id, b.body FROM jsonb_to_recordset($2::jsonb) AS b(event_id text, body text)
     ON CONFLICT DO NOTHING),
   added AS (
     INSERT INTO webhook_deliveries (id, webhook_id, account_id, mode, event_id, event, sealed_secret, status, event_at, next_attempt_at, created_at, created_ms)
     SELECT d.id, d.webhook_id, d.account_id, d.mode, d.event_id, d.event, d.sealed_secret, 'pending', d.event_at, d.event_at, d.event_at / 1000, d.event_at
       FROM jsonb_to_recordset($1::jsonb) AS d(id text, webhook_id text, account_id text, mode text, event_id text, event text, sealed_secret text, event_at bigint)
     ON CONFLICT DO NOTHING RETURNING 1)
   SELECT pg_notify('${DELIVERY_CHANNEL}', '') FROM (SELECT count(*) FROM added) AS n`,
);

/** Writes deliveries in the caller's transaction (a redelivered event adds none) and wakes the dispatcher on commit. */
export async function enqueueDeliveries(
  db: SqlRunner,
  deliveries: readonly NewDelivery[],
): Promise<void> {
  if (deliveries.length === 0) return;
  const rows = deliveries.map((d) => ({
    id: d.id,
    webhook_id: d.webhookId,
    account_id: d.accountId,
    mode: d.mode,
    event_id: d.eventId,
    event: d.event,
    sealed_secret: d.sealedSecret,
    event_at: d.eventAt,
  }));
  const bodies = [
    ...new Map(deliveries.map((d) => [d.eventId, { event_id: d.eventId, body: d.body }])).values(),
  ];
  await db.query(ENQUEUE, [JSON.stringify(rows), JSON.stringify(bodies)]);
}

/** A delivery claimed for an attempt: what to send, where, the account's clock now, and until when it is ours. */
export interface ClaimedDelivery extends NewDelivery {
  url: string;
  attempts: number;
  now: number;
  /** Real time (ms): after it another dispatcher may claim the delivery again. */
  leasedUntil: number;
}

export const LEASE_MS = 60_000;

/** How many deliveries to claim: `limit` in all, at most `room` of each webhook unless `rooms` says otherwise (0: none). */
export interface ClaimRequest {
  limit: number;
  room: number;
  rooms: Readonly<Record<string, number>>;
}

/**
 * Due on the account's clock (test clocks included), oldest first within each active webhook, at most
 * each webhook's room, the webhooks in random order (none is always served last); leased so another
 * dispatcher (replica) skips them meanwhile. It walks webhooks with pending deliveries and takes each
 * one's due ones from its own index range: a webhook with a large backlog, or one at its limit, costs
 * the others nothing.
 */
const CLAIM = sql(
  'deliveries.claim',
  `WITH rooms AS (SELECT key AS webhook_id, value::int AS room FROM jsonb_each_text($3::jsonb)),
   picked AS (
     SELECT d.id, w.now
       FROM (SELECT w.id, $1::bigint + COALESCE(c.offset_ms, 0) AS now, COALESCE(r.room, $4::int) AS room
               FROM webhooks w
               LEFT JOIN account_clocks c ON w.mode = 'test' AND c.account_id = w.account_id
               LEFT JOIN rooms r ON r.webhook_id = w.id
              WHERE w.active AND COALESCE(r.room, $4::int) > 0
                -- one index probe per webhook (an EXISTS could become a join over every pending delivery)
                AND (SELECT true FROM webhook_deliveries p WHERE p.webhook_id = w.id AND p.status = 'pending' LIMIT 1)
              ORDER BY random()) w
      CROSS JOIN LATERAL (
        SELECT d.id FROM webhook_deliveries d
         WHERE d.webhook_id = w.id AND d.status = 'pending' AND d.leased_until < $1::bigint AND d.next_attempt_at <= w.now
         ORDER BY d.next_attempt_at
         LIMIT w.room
         FOR UPDATE SKIP LOCKED) d
      LIMIT $2)
   UPDATE webhook_deliveries d SET leased_until = $1::bigint + ${LEASE_MS}
     FROM picked, webhooks w, webhook_event_bodies b
    WHERE d.id = picked.id AND w.id = d.webhook_id AND b.event_id = d.event_id
   RETURNING d.id, d.webhook_id AS "webhookId", d.account_id AS "accountId", d.mode, d.event_id AS "eventId", d.event, b.body,
             d.sealed_secret AS "sealedSecret", w.url, d.attempts, d.event_at::float8 AS "eventAt", picked.now::float8 AS now,
             d.leased_until::float8 AS "leasedUntil"`,
);
const RELEASE = sql(
  'deliveries.release',
  'UPDATE webhook_deliveries SET leased_until = 0 WHERE id = ANY($1::text[])',
);

export async function claimDue(db: SqlRunner, request: ClaimRequest): Promise<ClaimedDelivery[]> {
  if (request.limit <= 0) return [];
  return db.query<ClaimedDelivery>(CLAIM, [
    Date.now(),
    request.limit,
    JSON.stringify(request.rooms),
    request.room,
  ]);
}

/** Gives claimed deliveries back untried (their webhook was paused, or their lease ran short). */
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

/**
 * Attempts of different deliveries, in one statement: each gets its attempt row and its new state.
 * The deliveries are also named as an array ($2): the planner then reads them by primary key, where a
 * join on the JSON rows alone (estimated at 100) made it scan the whole table while its statistics
 * were young.
 */
const RECORD_ATTEMPTS = sql(
  'deliveries.record-attempts',
  `WITH result AS (
     SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS r(id text, attempted_at bigint, status_code integer, latency_ms integer, error text, delivered boolean, next bigint)),
   attempt AS (
     INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status_code, latency_ms, error)
     SELECT d.id, d.attempts + 1, r.attempted_at, r.status_code, r.latency_ms, r.error
       FROM webhook_deliveries d JOIN result r ON r.id = d.id
      WHERE d.id = ANY($2::text[])
     RETURNING 1)
   UPDATE webhook_deliveries d
      SET attempts = d.attempts + 1, leased_until = 0, last_status_code = r.status_code, last_error = r.error,
          status = CASE WHEN r.delivered THEN 'delivered' WHEN r.next IS NULL THEN 'failed' ELSE 'pending' END,
          delivered_at = CASE WHEN r.delivered THEN r.attempted_at ELSE d.delivered_at END,
          next_attempt_at = COALESCE(r.next, d.next_attempt_at)
     FROM result r
    WHERE d.id = ANY($2::text[]) AND d.id = r.id`,
);

/** Records attempts of distinct deliveries (one each) in one round trip. */
export async function recordAttempts(
  db: SqlRunner,
  results: readonly AttemptResult[],
): Promise<void> {
  if (results.length === 0) return;
  const rows = results.map(({ delivery, statusCode, latencyMs, error, delivered, next }) => ({
    id: delivery.id,
    attempted_at: delivery.now,
    status_code: statusCode,
    latency_ms: latencyMs,
    error,
    delivered,
    next: delivered ? null : next,
  }));
  await db.query(RECORD_ATTEMPTS, [JSON.stringify(rows), rows.map((row) => row.id)]);
}

const DELIVERED_SINCE = sql(
  'deliveries.delivered-since',
  `SELECT 1 FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'delivered' AND delivered_at >= $2 LIMIT 1`,
);

/** Did any delivery of this webhook succeed since `since` (account clock)? */
export async function deliveredSince(
  db: SqlRunner,
  webhookId: string,
  since: number,
): Promise<boolean> {
  return (await db.query(DELIVERED_SINCE, [webhookId, since])).length > 0;
}

/** A delivery as its webhook's deliveries API shows it, with every attempt. */
export interface DeliveryRow {
  id: string;
  webhookId: string;
  eventId: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: number | null;
  createdAt: number;
  tries: {
    attempt: number;
    attemptedAt: number;
    statusCode: number | null;
    latencyMs: number;
    error: string | null;
  }[];
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

export async function listDeliveries(
  db: SqlRunner,
  scope: ReadScope,
  webhookId: string,
  page: PageRequest,
  filters: { eventId?: string; status?: string; id?: string },
): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(LIST, [
    webhookId,
    scope.accountId,
    scope.mode,
    page.from ?? null,
    page.to ?? null,
    page.count,
    page.skip,
    filters.eventId ?? null,
    filters.status ?? null,
    filters.id ?? null,
  ]);
}

const RETRY_NOW = sql(
  'deliveries.retry-now',
  `WITH again AS (
     UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $4, leased_until = 0
      WHERE id = $1 AND webhook_id = $2 AND account_id = $3 AND mode = $5 RETURNING 1)
   SELECT pg_notify('${DELIVERY_CHANNEL}', '') FROM again`,
);

/** Sends a delivery again at once (whatever it came to); false when it is not the caller's. */
export async function retryNow(
  db: SqlRunner,
  scope: ReadScope,
  webhookId: string,
  deliveryId: string,
  now: number,
): Promise<boolean> {
  return (
    (await db.query(RETRY_NOW, [deliveryId, webhookId, scope.accountId, now, scope.mode])).length >
    0
  );
}

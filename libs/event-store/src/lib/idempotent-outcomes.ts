import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { ValidationFailed } from '@platform/domain-kit';
import type { Scope } from './command-spec';
import { isUniqueViolation } from './event-store';
import type { SqlFragment } from './sql-fragment';
import { sql } from './sql-runner';
import type { SqlRunner } from './sql-runner';

/**
 * How long a service keeps what a keyed command wrote: as long as the gateway keeps the key's
 * answer (24 hours), so a retry the gateway lets through within that time finds it.
 */
export const OUTCOME_TTL_SECONDS = 24 * 3600;

/** A request that carries an idempotency key, as the commands it runs see it. */
export interface KeyedRequest {
  /** `<namespace>:<key>`, as the gateway sends it. */
  key: string;
  /** What "the same request" means: method, path with query, and body (requestFingerprint). */
  fingerprint: Buffer;
  /** How many commands this request has run so far: the n-th command replays the n-th outcome. */
  commands: number;
}

/**
 * One stream a keyed command read or decided on: the version it was read at and, for each decision
 * on it in order, the version after it (null: refused, so a replay refuses the same way).
 */
export interface RecordedStream {
  streamType: string;
  streamId: string;
  read: number;
  decisions: (number | null)[];
}

/** What a keyed command wrote, kept in the same statement as its events. */
export interface RecordedOutcome {
  fingerprint: Buffer;
  streams: RecordedStream[];
}

/** Razorpay's wording, used by the gateway's key store too. */
export const DIFFERENT_REQUEST_FOR_KEY =
  'Different request with the same idempotency key has already been processed.';

/** A key came back with another request: 400 naming the header, as the gateway answers. */
export class DifferentRequestForKey extends ValidationFailed {
  constructor(key: string) {
    super(
      DIFFERENT_REQUEST_FOR_KEY,
      key.startsWith('refund:') ? 'X-Refund-Idempotency' : 'Idempotency-Key',
    );
  }
}

const keyedRequests = new AsyncLocalStorage<KeyedRequest>();

/** Runs `work` (a request's handler) with its key: every command it runs records or replays its outcome. */
export function runKeyed<T>(key: string, fingerprint: Buffer, work: () => T): T {
  return keyedRequests.run({ key, fingerprint, commands: 0 }, work);
}

/**
 * Runs `work` as no keyed request's: its commands are neither numbered among the request's nor
 * record an outcome under its key. For what a request may or may not need to do depending on what
 * is already there, and which is safe to do twice by itself: catching up on another service's
 * events (the inbox applies each once), opening an invoice's order (its id is billing's, a second
 * open changes nothing). Numbered, such a command would be the request's first command on one
 * attempt and absent on its retry, which would then replay its own first command from that
 * command's outcome.
 */
export function outsideKeyedRequest<T>(work: () => T): T {
  return keyedRequests.exit(work);
}

/** The keyed request the current command runs for, if any. */
export function currentKeyedRequest(): KeyedRequest | undefined {
  return keyedRequests.getStore();
}

/** Method, path with its query, and the parsed body in the order it came: equal for a retry of the request. */
export function requestFingerprint(method: string, url: string, body: unknown): Buffer {
  return createHash('sha256')
    .update(`${method} ${url}\n`)
    .update(JSON.stringify(body ?? null))
    .digest();
}

/** What a keyed command does: run (first time), replay what it wrote, or refuse a different request. */
export function outcomeDecision(
  recorded: Pick<RecordedOutcome, 'fingerprint'> | null,
  fingerprint: Buffer,
): 'run' | 'replay' | 'different_request' {
  if (!recorded) return 'run';
  return recorded.fingerprint.equals(fingerprint) ? 'replay' : 'different_request';
}

/** A row older than the TTL is deleted as its key comes back, so the key starts afresh. */
const READ_OUTCOME = sql(
  'idempotent-outcomes.read',
  `WITH expired AS (
     DELETE FROM idempotent_outcomes
      WHERE account_id = $1 AND mode = $2 AND idempotency_key = $3
        AND created_at < now() - make_interval(secs => $5)
      RETURNING 1)
   SELECT fingerprint, streams FROM idempotent_outcomes
    WHERE account_id = $1 AND mode = $2 AND idempotency_key = $3 AND ordinal = $4
      AND created_at >= now() - make_interval(secs => $5)`,
);

export async function readOutcome(
  runner: SqlRunner,
  scope: Scope,
  key: string,
  ordinal: number,
): Promise<RecordedOutcome | null> {
  const [row] = await runner.query<{ fingerprint: Buffer; streams: RecordedStream[] }>(
    READ_OUTCOME,
    [scope.accountId, scope.mode, key, ordinal, OUTCOME_TTL_SECONDS],
  );
  return row ? { fingerprint: row.fingerprint, streams: row.streams } : null;
}

/**
 * The outcome row, a part of the command's one statement. A plain INSERT: if a twin request with
 * the same key committed first, the primary key refuses the whole statement (isOutcomeConflict)
 * and nothing of this attempt is written; the command then replays the twin's outcome.
 */
export function outcomeFragment(
  scope: Scope,
  key: string,
  ordinal: number,
  outcome: RecordedOutcome,
): SqlFragment {
  return {
    text: `INSERT INTO idempotent_outcomes (account_id, mode, idempotency_key, ordinal, fingerprint, streams)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING 1 AS recorded`,
    values: [
      scope.accountId,
      scope.mode,
      key,
      ordinal,
      outcome.fingerprint,
      JSON.stringify(outcome.streams),
    ],
  };
}

/** A twin request with the same key recorded its outcome first. */
export function isOutcomeConflict(error: unknown): boolean {
  return isUniqueViolation(error, 'idempotent_outcomes_pkey');
}

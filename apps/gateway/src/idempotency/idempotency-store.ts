import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Mode } from '@platform/domain-kit';
import { Database, sql } from '@platform/event-store';
import { isDependencyUnavailable } from '@platform/http';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { HolderLock } from './holder-lock';
import type { KeyNamespace } from './idempotency-key';

/** How long a key holds its answer: a retry within 24 hours of the first request is answered the same. */
export const KEY_TTL_SECONDS = 24 * 3600;
/**
 * A claim still in flight after this long was left by a gateway that died: no live request runs so
 * long (connect 10 s, the upstream's answer within 30 s, its body read with 30 s between chunks), so
 * the next request with the key takes it over instead of being told "in progress" for 24 hours.
 */
export const ABANDONED_CLAIM_SECONDS = 90;
/**
 * A claim whose gateway process is gone (its HolderLock released by PostgreSQL) is taken over sooner:
 * once it is this old, which leaves a live gateway time to take its lock again after PostgreSQL
 * itself restarted.
 */
export const ORPHANED_CLAIM_SECONDS = 10;
/** How long a gateway keeps trying to settle a key while PostgreSQL is away (then the claim is left to be taken over). */
const SETTLE_RETRY_MS = 5 * 60_000;
const SETTLE_MAX_BACKOFF_MS = 5000;
/** The sweep of expired keys: every few minutes, in bounded batches. */
const SWEEP_EVERY_MS = 5 * 60_000;
const SWEEP_BATCH = 1000;
const SWEEP_MAX_BATCHES = 20;

/** Who a key belongs to: keys of different accounts, or modes, or headers never meet. */
export interface KeyScope {
  accountId: string;
  mode: Mode;
  namespace: KeyNamespace;
  key: string;
}

/** The answer kept for a key: replayed byte for byte. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A key this request holds: only its holder may complete or release it. */
export interface Claim {
  scope: KeyScope;
  claimId: string;
}

export type ClaimOutcome =
  | { kind: 'claimed'; claim: Claim }
  | { kind: 'in_flight' }
  | { kind: 'different_request' }
  | { kind: 'answered'; answer: StoredAnswer };

/**
 * Takes the key: a new one, an expired one, or an in-flight claim abandoned by a dead gateway, all
 * atomically (two requests can never both get it). A live row is left alone and nothing is returned.
 */
const CLAIM = sql(
  'idempotency-keys.claim',
  `INSERT INTO idempotency_keys AS k (account_id, mode, namespace, key, request_hash, claim_id, holder) VALUES ($1, $2, $3, $4, $5, $6, $9)
   ON CONFLICT (account_id, mode, namespace, key) DO UPDATE
     SET request_hash = EXCLUDED.request_hash, claim_id = EXCLUDED.claim_id, holder = EXCLUDED.holder, state = 'in_flight', claimed_at = now(), status = NULL, headers = NULL, body = NULL
     WHERE (k.state = 'done' AND k.claimed_at < now() - make_interval(secs => $7))
        OR (k.state = 'in_flight' AND k.claimed_at < now() - make_interval(secs => $8))
        OR (k.state = 'in_flight' AND k.claimed_at < now() - make_interval(secs => $10) AND k.holder IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM pg_locks l
                             WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
                               AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                               AND (l.classid::bigint << 32 | l.objid::bigint) = k.holder))
   RETURNING claim_id`,
);
const READ = sql(
  'idempotency-keys.read',
  'SELECT state, request_hash, status, headers, body FROM idempotency_keys WHERE account_id = $1 AND mode = $2 AND namespace = $3 AND key = $4',
);
const COMPLETE = sql(
  'idempotency-keys.complete',
  `UPDATE idempotency_keys SET state = 'done', status = $6, headers = $7, body = $8
   WHERE account_id = $1 AND mode = $2 AND namespace = $3 AND key = $4 AND claim_id = $5`,
);
const RELEASE = sql(
  'idempotency-keys.release',
  'DELETE FROM idempotency_keys WHERE account_id = $1 AND mode = $2 AND namespace = $3 AND key = $4 AND claim_id = $5',
);
const SWEEP = sql(
  'idempotency-keys.sweep',
  `DELETE FROM idempotency_keys WHERE ctid IN (
     SELECT ctid FROM idempotency_keys WHERE claimed_at < now() - make_interval(secs => $1) LIMIT ${SWEEP_BATCH})
   RETURNING 1 AS gone`,
);

interface KeyRow {
  state: 'in_flight' | 'done';
  request_hash: Buffer;
  status: number | null;
  headers: Record<string, string> | null;
  body: Buffer | null;
}

/**
 * The idempotency keys in the gateway's own PostgreSQL, so every replica sees every key. A request
 * with a key claims it, forwards, then completes the claim with a final answer or releases it;
 * requests without a key never come here.
 */
@Injectable()
export class IdempotencyStore implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IdempotencyStore');
  private readonly holder: HolderLock;
  private sweeper: NodeJS.Timeout | null = null;
  /** Settlements still being retried while PostgreSQL is away. */
  private readonly settling = new Set<Promise<void>>();

  constructor(
    private readonly database: Database,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    this.holder = new HolderLock(options.config.DATABASE_URL);
  }

  onApplicationBootstrap(): void {
    this.holder.start();
    this.sweeper = setInterval(
      () =>
        void this.sweepExpired().catch((error: Error) =>
          this.logger.warn(`sweeping expired idempotency keys failed: ${error.message}`),
        ),
      SWEEP_EVERY_MS,
    );
    this.sweeper.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await Promise.allSettled([...this.settling]);
    await this.holder.close();
  }

  /** Claims the key for this request, or says why not: in flight elsewhere, used for another request, or answered already. */
  async claim(scope: KeyScope, requestHash: Buffer): Promise<ClaimOutcome> {
    // A row seen taken but gone when read was released meanwhile (its answer said "retry"): claim again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimId = randomUUID();
      const [claimed] = await this.database.query(CLAIM, [
        ...keyOf(scope),
        requestHash,
        claimId,
        KEY_TTL_SECONDS,
        ABANDONED_CLAIM_SECONDS,
        this.holder.id,
        ORPHANED_CLAIM_SECONDS,
      ]);
      if (claimed) return { kind: 'claimed', claim: { scope, claimId } };
      const [row] = await this.database.query<KeyRow>(READ, keyOf(scope));
      if (!row) continue;
      if (row.state === 'in_flight') return { kind: 'in_flight' };
      if (!row.request_hash.equals(requestHash)) return { kind: 'different_request' };
      return {
        kind: 'answered',
        answer: {
          status: row.status as number,
          headers: row.headers ?? {},
          body: row.body ?? Buffer.alloc(0),
        },
      };
    }
    return { kind: 'in_flight' };
  }

  /** Keeps the final answer for the key's retries (unless a takeover took the claim meanwhile). */
  complete(claim: Claim, answer: StoredAnswer): Promise<void> {
    return this.settle(() =>
      this.database.query(COMPLETE, [
        ...keyOf(claim.scope),
        claim.claimId,
        answer.status,
        JSON.stringify(answer.headers),
        answer.body,
      ]),
    );
  }

  /** Frees the key: the answer said "retry", so the retry must really run. */
  release(claim: Claim): Promise<void> {
    return this.settle(() => this.database.query(RELEASE, [...keyOf(claim.scope), claim.claimId]));
  }

  /**
   * Settles a key now, or, while PostgreSQL is away, again and again in the background (the answer
   * goes out meanwhile): a key left in flight would hold its retries at 409 until it counts as
   * abandoned, and then run the request a second time.
   */
  private async settle(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (!isDependencyUnavailable(error)) throw error;
      const retrying = this.retrySettling(write).finally(() => this.settling.delete(retrying));
      this.settling.add(retrying);
    }
  }

  private async retrySettling(write: () => Promise<unknown>): Promise<void> {
    const giveUpAt = Date.now() + SETTLE_RETRY_MS;
    for (let wait = 200; Date.now() < giveUpAt; wait = Math.min(wait * 2, SETTLE_MAX_BACKOFF_MS)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        await write();
        return;
      } catch (error) {
        if (!isDependencyUnavailable(error))
          return void this.logger.error(
            `an idempotency key could not be settled: ${String(error)}`,
          );
      }
    }
    this.logger.error(
      `an idempotency key could not be settled within ${SETTLE_RETRY_MS / 1000} s; it will count as abandoned`,
    );
  }

  /** Deletes keys older than their 24 hours, a bounded batch at a time; returns how many went. */
  async sweepExpired(): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch++) {
      const rows = await this.database.query(SWEEP, [KEY_TTL_SECONDS]);
      deleted += rows.length;
      if (rows.length < SWEEP_BATCH) break;
    }
    return deleted;
  }
}

function keyOf(scope: KeyScope): [string, Mode, KeyNamespace, string] {
  return [scope.accountId, scope.mode, scope.namespace, scope.key];
}

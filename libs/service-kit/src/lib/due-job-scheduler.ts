import { Logger } from '@nestjs/common';
import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { CommandMetadata, Mode } from '@platform/domain-kit';
import { sql } from '@platform/event-store';
import type { Database } from '@platform/event-store';
import { WakeableSleep } from '@platform/messaging';
import { countJobRun } from './pipeline-metrics';

/** A due job as its handler gets it, with the account's clock at the moment it was claimed. */
export interface ClaimedJob {
  id: string;
  kind: string;
  streamId: string;
  accountId: string;
  mode: Mode;
  /** When it became due, and now, in milliseconds on the account's clock. */
  dueAt: number;
  now: number;
  payload: Record<string, unknown>;
  /** 1 on the first run. */
  attempts: number;
}

/**
 * Runs one kind of due job. Idempotent: a job runs at least once (again after a crash between its
 * work and its removal), so the work checks the state it acts on. Throwing retries the job later.
 */
export interface JobHandler {
  readonly kind: string;
  run(job: ClaimedJob): Promise<void>;
}

/** What a command run by a job carries: the job's account and mode, the account's clock, the job as its cause. */
export function jobMetadata(job: ClaimedJob): CommandMetadata {
  return {
    accountId: job.accountId,
    mode: job.mode,
    now: job.now,
    requestId: `job:${job.kind}:${job.id}`,
  };
}

/** Marks a provider as a JobHandler for the service's scheduler to discover. */
export const DueJobHandler = DiscoveryService.createDecorator<void>();

const BATCH = 50;
const LEASE_MS = 60_000;
const MAX_RETRY_DELAY_MS = 10 * 60_000;

/**
 * Due on the account's clock: real time plus, in test mode, the account's offset. The first
 * condition (against the largest offset) lets the due_at index narrow the scan. Claimed rows are
 * leased, so another replica (or this one, later) skips them while they run.
 */
const CLAIM = sql(
  'due-jobs.claim',
  `WITH due AS (
     SELECT j.id, $1::bigint + COALESCE(c.offset_ms, 0) AS now
       FROM due_jobs j LEFT JOIN account_clocks c ON j.mode = 'test' AND c.account_id = j.account_id
      WHERE j.due_at <= $1::bigint + (SELECT COALESCE(max(offset_ms), 0) FROM account_clocks)
        AND j.due_at <= $1::bigint + COALESCE(c.offset_ms, 0) AND j.leased_until < $1::bigint
      ORDER BY j.due_at LIMIT ${BATCH} FOR UPDATE OF j SKIP LOCKED)
   UPDATE due_jobs SET leased_until = $1::bigint + ${LEASE_MS}, attempts = attempts + 1 FROM due WHERE due_jobs.id = due.id
   RETURNING due_jobs.id::text, kind, stream_id AS "streamId", account_id AS "accountId", mode, due_at::float8 AS "dueAt", due.now::float8 AS now, payload, attempts`,
);
const COMPLETE = sql('due-jobs.complete', 'DELETE FROM due_jobs WHERE id = $1');
const RETRY = sql(
  'due-jobs.retry',
  'UPDATE due_jobs SET leased_until = $2, last_error = $3 WHERE id = $1',
);

/**
 * The service's scheduler: claims due jobs every `pollMs` (FOR UPDATE SKIP LOCKED, so replicas share
 * the work without running a job twice at once), runs each with its handler, then removes it. A
 * failed job is retried with a growing delay; a job of an unknown kind waits for a deploy that knows it.
 */
export class DueJobScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('DueJobScheduler');
  private readonly byKind = new Map<string, JobHandler>();
  private running: Promise<void> | null = null;
  private stopping = false;
  private readonly pause = new WakeableSleep();

  /** `handlers` is read at bootstrap, when every provider exists. */
  constructor(
    private readonly database: Database,
    private readonly handlers: () => readonly JobHandler[],
    private readonly pollMs = 250,
  ) {}

  onApplicationBootstrap(): void {
    for (const handler of this.handlers()) this.byKind.set(handler.kind, handler);
    if (this.byKind.size > 0) this.running = this.loop();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.pause.close();
    await this.running;
  }

  /** Claims and runs what is due now; returns how many jobs ran (also used by tests). */
  async runDue(): Promise<number> {
    const jobs = await this.database.query<ClaimedJob>(CLAIM, [Date.now()]);
    for (const job of jobs) await this.runOne(job);
    return jobs.length;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let ran = 0;
      try {
        ran = await this.runDue();
      } catch (error) {
        this.logger.warn(
          `claiming due jobs failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (ran < BATCH) await this.pause.sleep(this.pollMs);
    }
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const handler = this.byKind.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for due jobs of kind ${job.kind}`);
      await handler.run(job);
      await this.database.query(COMPLETE, [job.id]);
      countJobRun(job.kind, 'done');
    } catch (error) {
      countJobRun(job.kind, 'failed');
      const message = error instanceof Error ? error.message : String(error);
      const delay = Math.min(1000 * 2 ** Math.min(job.attempts, 20), MAX_RETRY_DELAY_MS);
      this.logger.error(
        `due job ${job.kind} ${job.id} on ${job.streamId} failed (attempt ${job.attempts}), retrying in ${delay} ms: ${message}`,
      );
      await this.database
        .query(RETRY, [job.id, Date.now() + delay, message])
        .catch(() => undefined);
    }
  }
}

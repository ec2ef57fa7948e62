import type { SqlRunner } from '@platform/event-store';
import { recordAttempts } from './deliveries';
import type { AttemptResult } from './deliveries';

/** At most this many attempts in one statement. */
const MAX_BATCH = 500;

interface Waiting {
  result: AttemptResult;
  written: () => void;
  failed: (error: unknown) => void;
}

/**
 * Writes attempts as a group commit: while one batch is being written, the attempts that finish
 * meanwhile wait and go together in the next statement. One attempt alone is written at once (no
 * timer, no added latency); at a thousand deliveries a second they share a few round trips instead
 * of taking one each, which was PostgreSQL's main load. Written by hand: it is these few lines
 * around one statement, and no pg library offers it.
 */
export class AttemptLog {
  private waiting: Waiting[] = [];
  private writing: Promise<void> | null = null;

  constructor(private readonly db: SqlRunner) {}

  /** Resolves once the attempt is stored (rejects when its batch could not be). */
  record(result: AttemptResult): Promise<void> {
    return new Promise((written, failed) => {
      this.waiting.push({ result, written, failed });
      this.kick();
    });
  }

  /** Waits for everything recorded so far to be written. */
  async drain(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Starts writing unless a write is under way (it takes what waits when it is done). */
  private kick(): void {
    this.writing ??= this.writeAll().finally(() => {
      this.writing = null;
      if (this.waiting.length > 0) this.kick();
    });
  }

  private async writeAll(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.takeBatch();
      try {
        await recordAttempts(
          this.db,
          batch.map((waiting) => waiting.result),
        );
        for (const waiting of batch) waiting.written();
      } catch (error) {
        for (const waiting of batch) waiting.failed(error);
      }
    }
  }

  /** Up to MAX_BATCH attempts, one per delivery: a second attempt of the same delivery waits for the next batch. */
  private takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const ids = new Set<string>();
    const later: Waiting[] = [];
    for (const waiting of this.waiting) {
      if (batch.length < MAX_BATCH && !ids.has(waiting.result.delivery.id)) {
        ids.add(waiting.result.delivery.id);
        batch.push(waiting);
      } else later.push(waiting);
    }
    this.waiting = later;
    return batch;
  }
}

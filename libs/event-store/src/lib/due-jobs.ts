import type { SqlFragment } from './sql-fragment';
import type { EventMetadata } from './stored-event';

/**
 * Work that becomes due at a time on the account's clock (a capture window closing, a refund being
 * processed). Written in the same statement as the events that make it due; the service's scheduler
 * runs it then. Handlers must be idempotent: a job runs at least once.
 */
export interface DueJob {
  /** Names the handler, e.g. `payment.auto-refund`. */
  kind: string;
  /** The stream the job acts on. */
  streamId: string;
  /** Milliseconds since the epoch on the account's clock. */
  dueAt: number;
  payload?: Record<string, unknown>;
}

/** The due_jobs rows as a fragment (INSERT … RETURNING 1). */
export function dueJobsFragment(
  jobs: readonly DueJob[],
  scope: Pick<EventMetadata, 'accountId' | 'mode'>,
): SqlFragment {
  const values: unknown[] = [];
  const tuples = jobs.map((job, i) => {
    values.push(
      job.kind,
      job.streamId,
      scope.accountId,
      scope.mode,
      job.dueAt,
      JSON.stringify(job.payload ?? {}),
    );
    const p = i * 6;
    return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6})`;
  });
  return {
    text: `INSERT INTO due_jobs (kind, stream_id, account_id, mode, due_at, payload) VALUES ${tuples.join(', ')} RETURNING 1`,
    values,
  };
}

import type { Mode } from '@platform/domain-kit';
import type { SqlFragment } from '@platform/event-store';
import { balanceIdOf } from '../balance/balance.decider';
import { DAY_MS } from '../ledger/ledger-lines.query';

export const SETTLEMENT_CYCLE_JOB = 'settlement.cycle';

/** Settlement cycles run once a day, at 00:00 UTC on the account's clock: the first one after `now`. */
export const nextCycleAt = (now: number): number => Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;

export interface CycleRequest {
  accountId: string;
  mode: Mode;
  /** The time of the write that asks, on the account's clock. */
  now: number;
}

/**
 * Asks for the next settlement cycle of each balance named: what a write leaves unsettled is settled
 * by it. Every write that posts a line asks; the unique index due_jobs_one_settlement_cycle_a_day
 * keeps it to one job per balance and day, however many ask.
 */
export function scheduleCycles(requests: readonly CycleRequest[]): SqlFragment {
  const rows = new Map(
    requests.map(({ accountId, mode, now }) => [
      `${accountId}|${mode}|${nextCycleAt(now)}`,
      {
        stream_id: balanceIdOf({ accountId, mode }),
        account_id: accountId,
        mode,
        due_at: nextCycleAt(now),
      },
    ]),
  );
  return {
    text: `INSERT INTO due_jobs (kind, stream_id, account_id, mode, due_at)
           SELECT '${SETTLEMENT_CYCLE_JOB}', c.stream_id, c.account_id, c.mode, c.due_at FROM jsonb_to_recordset($1::jsonb) AS c(stream_id text, account_id text, mode text, due_at bigint)
           ON CONFLICT (stream_id, due_at) WHERE kind = '${SETTLEMENT_CYCLE_JOB}' DO NOTHING
           RETURNING 1`,
    values: [JSON.stringify([...rows.values()])],
  };
}

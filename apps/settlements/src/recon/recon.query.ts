import { ValidationFailed } from '@platform/domain-kit';
import { sql } from '@platform/event-store';
import type { ReadScope, SqlRunner } from '@platform/event-store';
import type { SettledLine } from './dtos/recon-row.response';

const SETTLED_LINES = sql(
  'recon.settled-lines',
  `SELECT t.id, t.currency, t.balance_delta::float8 AS "balanceDelta", t.posted_at::float8 AS "postedAt", t.recon,
          s.id AS "settlementId", s.utr, s.processed_at::float8 AS "settledAt"
     FROM settlements s JOIN ledger_transactions t ON t.settlement_id = s.id
    WHERE s.account_id = $1 AND s.mode = $2 AND s.status = 'processed' AND s.processed_at >= $3 AND s.processed_at < $4
    ORDER BY s.processed_at, s.id, t.posted_at, t.id
    LIMIT $5 OFFSET $6`,
);

export interface ReconPeriod {
  year: number;
  month: number;
  day?: number;
}

/** The period's bounds in Unix seconds, [start, end), in UTC; a day the month does not have is refused. */
export function periodBounds({ year, month, day }: ReconPeriod): { start: number; end: number } {
  if (day !== undefined) {
    const start = Date.UTC(year, month - 1, day);
    if (new Date(start).getUTCMonth() !== month - 1) throw new ValidationFailed('The day is not a valid day of the month.', 'day');
    return { start: start / 1000, end: start / 1000 + 24 * 3600 };
  }
  return { start: Date.UTC(year, month - 1, 1) / 1000, end: Date.UTC(year, month, 1) / 1000 };
}

/** The lines settled by processed settlements in the period, settlement by settlement, oldest first. */
export async function settledLines(db: SqlRunner, scope: ReadScope, period: ReconPeriod, page: { count: number; skip: number }): Promise<SettledLine[]> {
  const { start, end } = periodBounds(period);
  return db.query<SettledLine>(SETTLED_LINES, [scope.accountId, scope.mode, start, end, page.count, page.skip]);
}

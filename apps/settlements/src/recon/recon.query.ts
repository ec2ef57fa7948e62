import { ValidationFailed } from '@platform/domain-kit';
import { sql } from '@platform/event-store';
import type { ReadScope, SqlRunner } from '@platform/event-store';
import type { SettledLine } from './dtos/recon-row.response';

const SETTLEMENTS_IN_PERIOD = sql(
  'recon.settlements-in-period',
  `SELECT id, utr, processed_at::float8 AS "settledAt", entry_count AS "entryCount" FROM settlements
    WHERE account_id = $1 AND mode = $2 AND status = 'processed' AND processed_at >= $3 AND processed_at < $4
    ORDER BY processed_at, id`,
);
const LINES_OF_SETTLEMENT = sql(
  'recon.lines-of-settlement',
  `SELECT id, currency, balance_delta::float8 AS "balanceDelta", posted_at::float8 AS "postedAt", recon FROM ledger_transactions
    WHERE settlement_id = $1 ORDER BY posted_at, id LIMIT $2 OFFSET $3`,
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
    if (new Date(start).getUTCMonth() !== month - 1)
      throw new ValidationFailed('The day is not a valid day of the month.', 'day');
    return { start: start / 1000, end: start / 1000 + 24 * 3600 };
  }
  return { start: Date.UTC(year, month - 1, 1) / 1000, end: Date.UTC(year, month, 1) / 1000 };
}

/**
 * The lines settled by processed settlements in the period, settlement by settlement (oldest first),
 * each settlement's in posting order. The page is found from the settlements' entry counts, then read
 * from the one or two settlements it falls in along their index, so a page of a 100,000-line report
 * costs what its own rows cost, not a sort of the whole report.
 */
export async function settledLines(
  db: SqlRunner,
  scope: ReadScope,
  period: ReconPeriod,
  page: { count: number; skip: number },
): Promise<SettledLine[]> {
  const { start, end } = periodBounds(period);
  const settlements = await db.query<{
    id: string;
    utr: string | null;
    settledAt: number;
    entryCount: number;
  }>(SETTLEMENTS_IN_PERIOD, [scope.accountId, scope.mode, start, end]);
  const lines: SettledLine[] = [];
  let skip = page.skip;
  for (const settlement of settlements) {
    if (lines.length >= page.count) break;
    if (skip >= settlement.entryCount) {
      skip -= settlement.entryCount;
      continue;
    }
    const rows = await db.query<
      Pick<SettledLine, 'id' | 'currency' | 'balanceDelta' | 'postedAt' | 'recon'>
    >(LINES_OF_SETTLEMENT, [settlement.id, page.count - lines.length, skip]);
    lines.push(
      ...rows.map((row) => ({
        ...row,
        settlementId: settlement.id,
        utr: settlement.utr,
        settledAt: settlement.settledAt,
      })),
    );
    skip = 0;
  }
  return lines;
}

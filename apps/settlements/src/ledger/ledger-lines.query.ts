import { sql } from '@platform/event-store';
import type { ReadScope, SqlRunner } from '@platform/event-store';
import type { SettleableLine } from '../settlement/settlement.commands';

export const DAY_MS = 24 * 3600 * 1000;

const SETTLEABLE = sql(
  'ledger.settleable-lines',
  `SELECT id, currency, balance_delta::float8 AS amount FROM ledger_transactions
    WHERE account_id = $1 AND mode = $2 AND line AND settlement_id IS NULL AND (kind <> 'capture' OR posted_at <= $3)
    ORDER BY posted_at, id`,
);
const AVAILABLE = sql(
  'ledger.available',
  `SELECT COALESCE(sum(balance_delta), 0)::float8 AS available FROM ledger_transactions
    WHERE account_id = $1 AND mode = $2 AND currency = $3 AND line AND settlement_id IS NULL`,
);
const ANY_UNSETTLED = sql(
  'ledger.any-unsettled',
  'SELECT 1 FROM ledger_transactions WHERE account_id = $1 AND mode = $2 AND line AND settlement_id IS NULL LIMIT 1',
);

/**
 * The lines a settlement cycle at `now` may take, by currency: every refund, dispute adjustment and
 * on-demand payout not settled yet, and every captured payment at least `delayDays` old.
 */
export async function settleableLines(
  db: SqlRunner,
  scope: ReadScope,
  now: number,
  delayDays: number,
): Promise<Map<string, SettleableLine[]>> {
  const rows = await db.query<{ id: string; currency: string; amount: number }>(SETTLEABLE, [
    scope.accountId,
    scope.mode,
    now - delayDays * DAY_MS,
  ]);
  const byCurrency = new Map<string, SettleableLine[]>();
  for (const { id, currency, amount } of rows) {
    const lines = byCurrency.get(currency) ?? [];
    lines.push({ id, amount });
    byCurrency.set(currency, lines);
  }
  return byCurrency;
}

/**
 * What the balance holds that nobody has settled: captured payments net of their fees (mature or
 * not), less refunds, holds, deductions and on-demand payouts. An on-demand settlement may take it.
 */
export async function availableBalance(
  db: SqlRunner,
  scope: ReadScope,
  currency: string,
): Promise<number> {
  const [row] = await db.query<{ available: number }>(AVAILABLE, [
    scope.accountId,
    scope.mode,
    currency,
  ]);
  return row.available;
}

export async function hasUnsettledLines(db: SqlRunner, scope: ReadScope): Promise<boolean> {
  return (await db.query(ANY_UNSETTLED, [scope.accountId, scope.mode])).length > 0;
}

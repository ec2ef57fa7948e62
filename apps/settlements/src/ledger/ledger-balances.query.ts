import { sql } from '@platform/event-store';
import type { ReadScope, SqlRunner } from '@platform/event-store';
import { LEDGER_ACCOUNTS } from './ledger-accounts';
import type { LedgerAccount } from './ledger-accounts';

export const LEDGER_INVARIANT =
  'captured = fees + tax + refunds + adjustments + settled + on_hold + balance';

/** One currency of an account's ledger in one mode: each ledger account's balance, and whether it all adds up. */
export type CurrencyLedger = { currency: string } & Record<LedgerAccount, number> & {
    /** What the unsettled lines add up to: what the next settlements may pay (equals `balance`). */
    unsettled: number;
    debits: number;
    credits: number;
    balanced: boolean;
  };

export interface LedgerView {
  account_id: string;
  mode: 'test' | 'live';
  invariant: string;
  balanced: boolean;
  currencies: CurrencyLedger[];
}

const SUMS = sql(
  'ledger.sums',
  `SELECT currency, ledger_account, sum(debit)::float8 AS debits, sum(credit)::float8 AS credits FROM ledger_entries
    WHERE account_id = $1 AND mode = $2 GROUP BY currency, ledger_account`,
);
const UNSETTLED = sql(
  'ledger.unsettled',
  `SELECT currency, sum(balance_delta)::float8 AS unsettled FROM ledger_transactions
    WHERE account_id = $1 AND mode = $2 AND line AND settlement_id IS NULL GROUP BY currency`,
);

/**
 * The ledger of an account and mode, computed from its entries (not from running totals): every
 * account's balance per currency, and `balanced` when debits equal credits and the invariant holds,
 * to the paisa, in every currency.
 */
export async function ledgerView(db: SqlRunner, scope: ReadScope): Promise<LedgerView> {
  const sums = await db.query<{
    currency: string;
    ledger_account: LedgerAccount;
    debits: number;
    credits: number;
  }>(SUMS, [scope.accountId, scope.mode]);
  const unsettled = new Map(
    (
      await db.query<{ currency: string; unsettled: number }>(UNSETTLED, [
        scope.accountId,
        scope.mode,
      ])
    ).map((row) => [row.currency, row.unsettled]),
  );
  const currencies = [...new Set(sums.map((row) => row.currency))].sort().map((currency) =>
    currencyLedger(
      currency,
      sums.filter((row) => row.currency === currency),
      unsettled.get(currency) ?? 0,
    ),
  );
  return {
    account_id: scope.accountId,
    mode: scope.mode,
    invariant: LEDGER_INVARIANT,
    balanced: currencies.every((ledger) => ledger.balanced),
    currencies,
  };
}

function currencyLedger(
  currency: string,
  rows: readonly { ledger_account: LedgerAccount; debits: number; credits: number }[],
  unsettled: number,
): CurrencyLedger {
  const accounts = Object.fromEntries(LEDGER_ACCOUNTS.map((account) => [account, 0])) as Record<
    LedgerAccount,
    number
  >;
  for (const row of rows)
    accounts[row.ledger_account] =
      row.ledger_account === 'captured' ? row.debits - row.credits : row.credits - row.debits;
  const debits = rows.reduce((sum, row) => sum + row.debits, 0);
  const credits = rows.reduce((sum, row) => sum + row.credits, 0);
  const { captured, fees, tax, refunds, adjustments, settled, on_hold, balance } = accounts;
  const balanced =
    debits === credits &&
    captured === fees + tax + refunds + adjustments + settled + on_hold + balance;
  return { currency, ...accounts, unsettled, debits, credits, balanced };
}

import type { StoredEvent } from '@platform/event-store';
import { metadata, NOW } from '../posting/posting.fixtures';
import type { LedgerAccount, LedgerTransaction } from './ledger-accounts';
import { balanceDelta } from './ledger-accounts';
import type { LedgerEvent } from './ledger-postings';
import { ledgerEffectOf } from './ledger-postings';

/** An event as the store holds it, on the fixture account's clock. */
export function stored(event: LedgerEvent, streamId = 'stream_1', version = 1): StoredEvent {
  return {
    ...event,
    streamId,
    streamType: 'fixture',
    version,
    globalPosition: version,
    metadata: metadata(NOW),
  } as StoredEvent;
}

/** The transactions an event posts. */
export const postingsOf = (event: LedgerEvent, streamId?: string): LedgerTransaction[] =>
  ledgerEffectOf(stored(event, streamId))?.transactions ?? [];

/** Every ledger account at 0: before any posting, and after postings that cancel out. */
export const ZERO_BALANCES: Readonly<Record<LedgerAccount, number>> = {
  captured: 0,
  fees: 0,
  tax: 0,
  refunds: 0,
  adjustments: 0,
  settled: 0,
  on_hold: 0,
  balance: 0,
};

/** What a set of transactions leaves on each ledger account (credit-normal, `captured` debit-normal). */
export function balancesAfter(
  transactions: readonly LedgerTransaction[],
): Record<LedgerAccount, number> {
  const totals = { ...ZERO_BALANCES };
  for (const leg of transactions.flatMap((transaction) => transaction.legs))
    totals[leg.account] +=
      leg.account === 'captured' ? leg.debit - leg.credit : leg.credit - leg.debit;
  return totals;
}

export const deltaOf = (transactions: readonly LedgerTransaction[]): number =>
  transactions.reduce((sum, transaction) => sum + balanceDelta(transaction.legs), 0);

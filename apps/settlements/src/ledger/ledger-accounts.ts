import type { ReconTransactionType } from '@platform/contracts';
import type { Mode } from '@platform/domain-kit';

/**
 * The ledger accounts of each (account, mode, currency). Every transaction debits and credits them
 * by equal totals, so at all times
 *
 *   captured = fees + tax + refunds + adjustments + settled + on_hold + balance
 *
 * where `captured` is what customers paid (debited at capture) and every other account is what it
 * was credited minus what it was debited: the platform's fee (without GST), the GST on it, money
 * given back by refunds and lost disputes, money sent to the merchant's bank, money held for open
 * disputes, and the merchant's balance, which settlements pay out.
 */
export const LEDGER_ACCOUNTS = [
  'captured',
  'fees',
  'tax',
  'refunds',
  'adjustments',
  'settled',
  'on_hold',
  'balance',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** One side of a transaction on one ledger account; exactly one of debit and credit is positive. */
export interface Leg {
  account: LedgerAccount;
  debit: number;
  credit: number;
}

export const debit = (account: LedgerAccount, amount: number): Leg => ({
  account,
  debit: amount,
  credit: 0,
});
export const credit = (account: LedgerAccount, amount: number): Leg => ({
  account,
  debit: 0,
  credit: amount,
});

export type TransactionKind =
  | 'capture'
  | 'refund'
  | 'dispute_hold'
  | 'dispute_release'
  | 'dispute_loss'
  | 'settlement'
  | 'settlement_returned'
  | 'ondemand'
  | 'ondemand_returned';

/** What a recon row shows of a line besides its money, in Razorpay's terms. */
export interface ReconFacts {
  type: ReconTransactionType;
  /** The payment's or refund's amount; an adjustment's own. */
  amount: number;
  fee: number;
  tax: number;
  onHold: boolean;
  /** Unix seconds: when the payment, refund or adjustment was made. */
  createdAt: number;
  description: string | null;
  notes: Record<string, string | number> | null;
  paymentId: string | null;
  orderId: string | null;
  orderReceipt: string | null;
  method: string | null;
  cardNetwork: string | null;
  cardIssuer: string | null;
  cardType: string | null;
  disputeId: string | null;
}

/** A balanced set of legs, posted together, never changed afterwards. */
export interface LedgerTransaction {
  /** The id of what moved the money: `pay_…`, `rfnd_…`, `adj_…`, `setlod_…`; a payout's is its settlement's (`setl_…`, with `:returned` for its return). */
  id: string;
  kind: TransactionKind;
  accountId: string;
  mode: Mode;
  currency: string;
  /** Milliseconds on the account's clock. */
  postedAt: number;
  legs: Leg[];
  /**
   * A line: it moves the merchant balance and waits for a scheduled settlement to take it (payments,
   * refunds, dispute adjustments, on-demand payouts). A settlement's own payout is not a line.
   */
  line: boolean;
  /** For lines: what their recon row shows. */
  recon: ReconFacts | null;
}

/** Legs must balance (a fault of ours otherwise: the posting rules are wrong). Zero legs are left out. */
export function balancedLegs(transactionId: string, legs: readonly Leg[]): Leg[] {
  const kept = legs.filter((leg) => leg.debit !== 0 || leg.credit !== 0);
  for (const leg of kept) {
    if (
      !Number.isSafeInteger(leg.debit) ||
      !Number.isSafeInteger(leg.credit) ||
      leg.debit < 0 ||
      leg.credit < 0
    )
      throw new Error(
        `ledger transaction ${transactionId}: leg on ${leg.account} is not a non-negative integer amount`,
      );
  }
  const debits = kept.reduce((sum, leg) => sum + leg.debit, 0);
  const credits = kept.reduce((sum, leg) => sum + leg.credit, 0);
  if (debits !== credits)
    throw new Error(
      `ledger transaction ${transactionId} does not balance: debits ${debits}, credits ${credits}`,
    );
  return kept;
}

/** What a transaction does to the merchant balance: its credit minus its debit there. */
export function balanceDelta(legs: readonly Leg[]): number {
  return legs
    .filter((leg) => leg.account === 'balance')
    .reduce((sum, leg) => sum + leg.credit - leg.debit, 0);
}

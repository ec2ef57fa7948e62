import type { CurrencyCode, SettlementEntity } from '@platform/contracts';
import { idFor } from '@platform/domain-kit';
import type { PaymentDetailsRow } from '../../payment/payment-details/payment-details.entity';
import type { PaymentSettlement } from '../../settlement-directory/settlement-directory.query';

/** The capture of the disputed payment as the ledger holds it. */
// The ledger transaction of a captured payment, as a dispute's `expand[]=transaction` shows it.
export interface TransactionEntity {
  /**
   * The transaction id (`txn_…`).
   *
   * @example "txn_1Aa00000000001"
   */
  id: string;
  entity: 'transaction';
  type: 'payment';
  /**
   * The disputed payment.
   *
   * @example "pay_1Aa00000000001"
   */
  entity_id: string;
  /**
   * The payment's captured amount, in the smallest currency unit.
   *
   * @example 50000
   */
  amount: number;
  currency: CurrencyCode;
  /**
   * The payment's fee, GST included.
   *
   * @example 1180
   */
  fee: number;
  /**
   * The GST part of `fee`.
   *
   * @example 180
   */
  tax: number;
  debit: number;
  /**
   * What the capture added to the balance: `amount − fee`.
   *
   * @example 48820
   */
  credit: number;
  /** The capture itself is never on hold (the dispute's hold is an adjustment of its own). */
  on_hold: boolean;
  /** true once the payment is in a processed settlement. */
  settled: boolean;
  /**
   * The settlement that paid the payment out, once processed; null before.
   *
   * @example "setl_1Aa00000000001"
   */
  settlement_id: string | null;
  /** When that settlement was processed, Unix seconds; null before. */
  settled_at: number | null;
  /** The payment's `created_at`, Unix seconds. */
  created_at: number;
  /**
   * Only with `expand[]=transaction.settlement`: the settlement entity once the payment is in a
   * processed settlement; null before.
   */
  settlement?: SettlementEntity | null;
}

/**
 * The capture credits the merchant's balance with the amount less the fee (the fee's tax included),
 * so `credit` is what a settlement pays out for it. The id is derived from the payment's, so the
 * same transaction has the same id on every read.
 */
export function toTransactionEntity(
  payment: PaymentDetailsRow,
  settled: PaymentSettlement | null,
  withSettlement: boolean,
): TransactionEntity {
  const fee = payment.fee ?? 0;
  const transaction: TransactionEntity = {
    id: idFor('txn', payment.id),
    entity: 'transaction',
    type: 'payment',
    entity_id: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    fee,
    tax: payment.tax ?? 0,
    debit: 0,
    credit: payment.amount - fee,
    on_hold: false,
    settled: settled !== null,
    settlement_id: settled?.settlement.id ?? null,
    settled_at: settled?.settledAt ?? null,
    created_at: payment.createdAt,
  };
  return withSettlement ? { ...transaction, settlement: settled?.settlement ?? null } : transaction;
}

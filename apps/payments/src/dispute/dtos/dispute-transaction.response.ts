import type { SettlementEntity } from '@platform/contracts';
import { idFor } from '@platform/domain-kit';
import type { PaymentDetailsRow } from '../../payment/payment-details/payment-details.entity';
import type { PaymentSettlement } from '../../settlement-directory/settlement-directory.query';

/** The ledger transaction of a captured payment, as a dispute's `expand[]=transaction` shows it. */
export interface TransactionEntity {
  id: string;
  entity: 'transaction';
  type: 'payment';
  entity_id: string;
  amount: number;
  currency: string;
  fee: number;
  tax: number;
  debit: number;
  credit: number;
  on_hold: boolean;
  settled: boolean;
  settlement_id: string | null;
  settled_at: number | null;
  created_at: number;
  /** Only with `expand[]=transaction.settlement`: null while unsettled. */
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

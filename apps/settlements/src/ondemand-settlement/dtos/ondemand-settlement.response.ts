import type { Collection } from '@platform/http';
import type {
  OndemandSettlementDetailsRow,
  OndemandPayoutRow,
} from '../ondemand-settlement-details/ondemand-settlement-details.entity';
import type { Notes } from '../ondemand-settlement.events';
import type { ONDEMAND_CURRENCY } from '../ondemand-fees';

type Status = OndemandSettlementDetailsRow['status'];

/** One credit to the merchant's bank of an on-demand settlement. */
export interface OndemandPayoutEntity {
  /**
   * @example "setlodp_1Aa00000000001"
   *
   * @pattern ^setlodp_[0-9A-Za-z]{14}$
   */
  id: string;
  entity: 'settlement.ondemand_payout';
  /** Unix seconds */
  initiated_at: number;
  /** Unix seconds, once processed. */
  processed_at: number | null;
  /** Unix seconds, once reversed. */
  reversed_at: number | null;
  /** What the payout carries, its fees included: at most 50000000 (₹5,00,000). */
  amount: number;
  /** `amount − fees` once processed; 0 before and when reversed. */
  amount_settled: number;
  /** GST included. */
  fees: number;
  /** The GST part of `fees`. */
  tax: number;
  /** The bank's reference, once processed. */
  utr: string | null;
  /**
   * `initiated`: taken from the balance, on its way to the bank. `processed`: credited, a UTR per
   * payout (moments later). `reversed`: the bank refused (test mode only, when the operator makes
   * bank transfers fail); the whole `amount_requested` returns to the balance and the fees are
   * waived.
   */
  status: Status;
  /** Unix seconds */
  created_at: number;
}

/** An on-demand settlement as Razorpay shows it (`entity: "settlement.ondemand"`); amounts are what reaches the bank (requested less fees). */
export interface OndemandSettlementEntity {
  /**
   * @example "setlod_1Aa00000000001"
   *
   * @pattern ^setlod_[0-9A-Za-z]{14}$
   */
  id: string;
  entity: 'settlement.ondemand';
  /**
   * What was taken from the balance: the `amount` asked for, or all that was available with
   * `settle_full_balance`.
   *
   * @example 200000
   */
  amount_requested: number;
  /**
   * `amount_requested − fees` once processed; 0 otherwise.
   *
   * @example 199410
   */
  amount_settled: number;
  /** `amount_requested − fees` while initiated; 0 otherwise. */
  amount_pending: number;
  /** `amount_requested − fees` once reversed; 0 otherwise. */
  amount_reversed: number;
  /**
   * The payouts' fees, GST included. Each payout carries at most ₹5,00,000 (50000000 paise): a
   * larger amount is paid in several, full ones first. Each payout costs 0.25% of its amount (the
   * commission) plus 18% GST on the commission, each rounded half up to the paisa; `fees` includes
   * the GST and `tax` is the GST part. The fees are taken out of the amount: the bank receives
   * `amount_requested − fees`. Example: 200000 (₹2,000) → commission 500, GST 90, fees 590 (tax
   * 90), 199410 reaches the bank.
   *
   * @example 590
   */
  fees: number;
  /**
   * The GST part of `fees`.
   *
   * @example 90
   */
  tax: number;
  /** On-demand settlements are paid in rupees, from the INR balance. */
  currency: typeof ONDEMAND_CURRENCY;
  settle_full_balance: boolean;
  /**
   * `initiated`: taken from the balance, on its way to the bank. `processed`: credited, a UTR per
   * payout (moments later). `reversed`: the bank refused (test mode only, when the operator makes
   * bank transfers fail); the whole `amount_requested` returns to the balance and the fees are
   * waived.
   */
  status: Status;
  description: string | null;
  notes: Notes;
  /** Unix seconds */
  created_at: number;
  /** Always false: made on demand, not by the daily cycle. */
  scheduled: false;
  /**
   * In the answer of POST /v1/settlements/ondemand, and with `expand[]=ondemand_payouts`; absent
   * otherwise.
   */
  ondemand_payouts?: Collection<OndemandPayoutEntity>;
}

export function toOndemandSettlementEntity(
  row: OndemandSettlementDetailsRow,
  expandPayouts: boolean,
): OndemandSettlementEntity {
  const net = row.amountRequested - row.fees;
  const entity: OndemandSettlementEntity = {
    id: row.id,
    entity: 'settlement.ondemand',
    amount_requested: row.amountRequested,
    amount_settled: row.status === 'processed' ? net : 0,
    amount_pending: row.status === 'initiated' ? net : 0,
    amount_reversed: row.status === 'reversed' ? net : 0,
    fees: row.fees,
    tax: row.tax,
    currency: row.currency as typeof ONDEMAND_CURRENCY,
    settle_full_balance: row.settleFullBalance,
    status: row.status,
    description: row.description,
    notes: row.notes,
    created_at: row.createdAt,
    scheduled: false,
  };
  if (expandPayouts) {
    const items = row.payouts.map((payout) => toPayoutEntity(row, payout));
    entity.ondemand_payouts = { entity: 'collection', count: items.length, items };
  }
  return entity;
}

function toPayoutEntity(
  row: OndemandSettlementDetailsRow,
  payout: OndemandPayoutRow,
): OndemandPayoutEntity {
  return {
    id: payout.id,
    entity: 'settlement.ondemand_payout',
    initiated_at: row.createdAt,
    processed_at: row.processedAt,
    reversed_at: row.reversedAt,
    amount: payout.amount,
    amount_settled: row.status === 'processed' ? payout.amount - payout.fees : 0,
    fees: payout.fees,
    tax: payout.tax,
    utr: payout.utr,
    status: row.status,
    created_at: row.createdAt,
  };
}

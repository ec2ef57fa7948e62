/** `created` by the day's cycle, then `processed` (credited) or `failed` (the bank refused). */
export const SETTLEMENT_STATUSES = ['created', 'processed', 'failed'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** An on-demand settlement is `initiated`, then `processed` (credited) or `reversed` (the bank refused). */
export const ONDEMAND_SETTLEMENT_STATUSES = ['initiated', 'processed', 'reversed'] as const;
export type OndemandSettlementStatus = (typeof ONDEMAND_SETTLEMENT_STATUSES)[number];

/** What moved the money on a recon row: a payment, a refund, or an adjustment (disputes, on-demand). */
export const RECON_TRANSACTION_TYPES = ['payment', 'refund', 'adjustment'] as const;
export type ReconTransactionType = (typeof RECON_TRANSACTION_TYPES)[number];

/** A settlement as the API shows it (`entity: "settlement"`): exactly Razorpay's eight fields. */
export interface SettlementEntity {
  /** @example "setl_1Aa00000000001" */
  id: string;
  entity: 'settlement';
  /**
   * What the settlement pays to the merchant's bank, in the smallest currency unit: its
   * transactions' credits less their debits (payments net of their fees, less refunds, dispute
   * holds and deductions, and on-demand settlements made since the last one).
   *
   * @example 48820
   */
  amount: number;
  /**
   * `created`: made by the day's cycle, on its way to the bank. `processed`: credited, with a
   * `utr`. `failed`: the bank refused the transfer (test mode only, when the operator makes bank
   * transfers fail); its amount returns to the balance and its transactions wait for the next
   * cycle.
   */
  status: SettlementStatus;
  /**
   * Always 0: a scheduled settlement costs nothing, its payments' fees were taken when they were
   * captured.
   */
  fees: 0;
  /** Always 0. */
  tax: 0;
  /**
   * The bank's unique transaction reference, once processed; null before, and for a failed
   * settlement.
   *
   * @example "1597813219e1pq6w"
   */
  utr: string | null;
  /** Unix seconds */
  created_at: number;
}

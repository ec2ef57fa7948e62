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
  id: string;
  entity: 'settlement';
  /** What reached (or was sent to) the merchant's bank, in the currency's smallest unit. */
  amount: number;
  status: SettlementStatus;
  /** 0 for a scheduled settlement: its payments' fees were taken when they were captured. */
  fees: number;
  tax: number;
  /** The bank's reference once processed; null before, and for a failed settlement. */
  utr: string | null;
  created_at: number;
}

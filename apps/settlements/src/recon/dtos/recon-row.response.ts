import type { CurrencyCode, Notes, PaymentMethod } from '@platform/contracts';
import type { ReconFacts } from '../../ledger/ledger-accounts';

/** One settled transaction, as the combined recon report shows it. */
// One settled transaction of the recon report, with Razorpay's fields.
export interface ReconRow {
  /**
   * What moved the money: the payment (`pay_…`), the refund (`rfnd_…`) or the adjustment (`adj_…`
   * for a dispute's hold, release or deduction, `setlod_…` for an on-demand settlement).
   *
   * @example "pay_1Aa00000000001"
   */
  entity_id: string;
  type: ReconFacts['type'];
  /**
   * What the transaction took from the balance (refunds, holds, deductions, on-demand settlements);
   * 0 otherwise.
   */
  // What the transaction took from the balance, or added to it; `credit − debit` of a settlement's
  // rows is its amount.
  debit: number;
  /**
   * What it added to the balance (a payment's amount less its fee, a released hold, a reversed
   * on-demand settlement's return); 0 otherwise. A settlement's rows' credits less their debits are
   * its amount.
   */
  credit: number;
  /** The payment's, refund's or adjustment's own amount. */
  amount: number;
  currency: CurrencyCode;
  /**
   * The payment's fee, GST included (an on-demand settlement's fees); 0 for refunds and dispute
   * adjustments.
   */
  fee: number;
  /** The GST part of `fee`. */
  tax: number;
  /** true for the hold a dispute put on its amount. */
  on_hold: boolean;
  /** Every row of the report is settled. */
  settled: true;
  /** When the payment, refund or adjustment was made, Unix seconds. */
  created_at: number;
  /** When its settlement was processed, Unix seconds. */
  settled_at: number;
  /** @example "setl_1Aa00000000001" */
  settlement_id: string;
  /** When it reached the ledger, Unix seconds. */
  posted_at: number;
  credit_type: 'default';
  /**
   * The payment's description; for an adjustment, what it was (e.g. "Dispute disp_… lost: amount
   * deducted").
   */
  description: string | null;
  /** The payment's or refund's notes. */
  notes: Notes | null;
  /** The payment a refund or dispute adjustment belongs to; null for payments themselves. */
  payment_id: string | null;
  /** The UTR of the settlement. */
  settlement_utr: string | null;
  /** The payment's order. */
  order_id: string | null;
  /** The receipt of the payment's order. */
  order_receipt: string | null;
  /** The payment's method. */
  method: PaymentMethod | null;
  /** Card payments: the network (e.g. Visa). */
  card_network: string | null;
  /** Card payments: the issuing bank's code (e.g. HDFC). */
  card_issuer: string | null;
  /** Card payments: credit, debit, prepaid or unknown. */
  card_type: string | null;
  /** Dispute adjustments: the dispute. */
  dispute_id: string | null;
}

export interface SettledLine {
  id: string;
  currency: string;
  balanceDelta: number;
  postedAt: number;
  recon: ReconFacts;
  settlementId: string;
  utr: string | null;
  /** Unix seconds. */
  settledAt: number;
}

export function toReconRow(line: SettledLine): ReconRow {
  const { recon } = line;
  return {
    entity_id: line.id,
    type: recon.type,
    debit: Math.max(-line.balanceDelta, 0),
    credit: Math.max(line.balanceDelta, 0),
    amount: recon.amount,
    currency: line.currency,
    fee: recon.fee,
    tax: recon.tax,
    on_hold: recon.onHold,
    settled: true,
    created_at: recon.createdAt,
    settled_at: line.settledAt,
    settlement_id: line.settlementId,
    posted_at: Math.floor(line.postedAt / 1000),
    credit_type: 'default',
    description: recon.description,
    notes: recon.notes,
    payment_id: recon.paymentId,
    settlement_utr: line.utr,
    order_id: recon.orderId,
    order_receipt: recon.orderReceipt,
    // The method payments reported with the payment: one of PAYMENT_METHODS.
    method: recon.method as PaymentMethod | null,
    card_network: recon.cardNetwork,
    card_issuer: recon.cardIssuer,
    card_type: recon.cardType,
    dispute_id: recon.disputeId,
  };
}

import type { ReconFacts } from '../../ledger/ledger-accounts';

/** One settled transaction of the recon report, with Razorpay's fields. */
export interface ReconRow {
  entity_id: string;
  type: ReconFacts['type'];
  /** What the transaction took from the balance, or added to it; `credit − debit` of a settlement's rows is its amount. */
  debit: number;
  credit: number;
  amount: number;
  currency: string;
  fee: number;
  tax: number;
  on_hold: boolean;
  settled: true;
  created_at: number;
  settled_at: number;
  settlement_id: string;
  posted_at: number;
  credit_type: 'default';
  description: string | null;
  notes: Record<string, string | number> | null;
  payment_id: string | null;
  settlement_utr: string | null;
  order_id: string | null;
  order_receipt: string | null;
  method: string | null;
  card_network: string | null;
  card_issuer: string | null;
  card_type: string | null;
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
    method: recon.method,
    card_network: recon.cardNetwork,
    card_issuer: recon.cardIssuer,
    card_type: recon.cardType,
    dispute_id: recon.disputeId,
  };
}

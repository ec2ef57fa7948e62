import type { Collection } from '@platform/http';
import type {
  OndemandSettlementDetailsRow,
  OndemandPayoutRow,
} from '../ondemand-settlement-details/ondemand-settlement-details.entity';
import type { Notes } from '../ondemand-settlement.events';

type Status = OndemandSettlementDetailsRow['status'];

/** One credit to the merchant's bank (`entity: "settlement.ondemand_payout"`). */
export interface OndemandPayoutEntity {
  id: string;
  entity: 'settlement.ondemand_payout';
  initiated_at: number;
  processed_at: number | null;
  reversed_at: number | null;
  amount: number;
  amount_settled: number;
  fees: number;
  tax: number;
  utr: string | null;
  status: Status;
  created_at: number;
}

/** An on-demand settlement as Razorpay shows it (`entity: "settlement.ondemand"`); amounts are what reaches the bank (requested less fees). */
export interface OndemandSettlementEntity {
  id: string;
  entity: 'settlement.ondemand';
  amount_requested: number;
  amount_settled: number;
  amount_pending: number;
  amount_reversed: number;
  /** GST included. */
  fees: number;
  tax: number;
  currency: string;
  settle_full_balance: boolean;
  status: Status;
  description: string | null;
  notes: Notes;
  created_at: number;
  scheduled: false;
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
    currency: row.currency,
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

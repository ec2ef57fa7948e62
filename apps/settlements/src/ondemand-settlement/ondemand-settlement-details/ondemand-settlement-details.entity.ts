import type { OndemandSettlementStatus } from '@platform/contracts';
import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';
import type { Notes } from '../ondemand-settlement.events';

/** A payout as the read model keeps it (times in Unix seconds). */
export interface OndemandPayoutRow {
  id: string;
  amount: number;
  fees: number;
  tax: number;
  utr: string | null;
}

/** One row per on-demand settlement: what GET /v1/settlements/ondemand[/:id] reads. */
@Entity('ondemand_settlements')
export class OndemandSettlementDetailsRow extends ReadModelRow {
  @Column('text') currency!: string;
  @Column('bigint', { name: 'amount_requested', transformer: bigintAsNumber })
  amountRequested!: number;
  @Column('boolean', { name: 'settle_full_balance' }) settleFullBalance!: boolean;
  @Column('text', { nullable: true }) description!: string | null;
  @Column('jsonb') notes!: Notes;
  @Column('bigint', { transformer: bigintAsNumber }) fees!: number;
  @Column('bigint', { transformer: bigintAsNumber }) tax!: number;
  @Column('text') status!: OndemandSettlementStatus;
  @Column('jsonb') payouts!: OndemandPayoutRow[];
  @Column('bigint', { name: 'processed_at', nullable: true, transformer: bigintAsNumber })
  processedAt!: number | null;
  @Column('bigint', { name: 'reversed_at', nullable: true, transformer: bigintAsNumber })
  reversedAt!: number | null;
}

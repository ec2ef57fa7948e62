import type { DisputeStatus } from '@platform/contracts';
import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';
import type { DisputePhase, Evidence } from '../dispute.events';

/** One row per dispute: what GET /v1/disputes[/:id] reads. */
@Entity('disputes')
export class DisputeDetailsRow extends ReadModelRow {
  @Column('text', { name: 'payment_id' }) paymentId!: string;
  @Column('bigint', { transformer: bigintAsNumber }) amount!: number;
  @Column('text') currency!: string;
  @Column('bigint', { name: 'amount_deducted', transformer: bigintAsNumber })
  amountDeducted!: number;
  @Column('text', { name: 'reason_code' }) reasonCode!: string;
  @Column('text', { name: 'gateway_dispute_id', nullable: true })
  gatewayDisputeId!: string | null;
  @Column('bigint', { name: 'respond_by', transformer: bigintAsNumber }) respondBy!: number;
  @Column('text') status!: DisputeStatus;
  @Column('text') phase!: DisputePhase;
  @Column('jsonb') evidence!: Evidence;
  @Column('bigint', { name: 'submitted_at', nullable: true, transformer: bigintAsNumber })
  submittedAt!: number | null;
}

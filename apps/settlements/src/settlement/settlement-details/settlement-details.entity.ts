import type { SettlementStatus } from '@platform/contracts';
import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';

/** One row per settlement: what GET /v1/settlements[/:id] and the recon report read. */
@Entity('settlements')
export class SettlementDetailsRow extends ReadModelRow {
  @Column('text') currency!: string;
  @Column('bigint', { transformer: bigintAsNumber }) amount!: number;
  @Column('text') status!: SettlementStatus;
  @Column('text', { nullable: true }) utr!: string | null;
  @Column('integer', { name: 'entry_count' }) entryCount!: number;
  /** Unix seconds. */
  @Column('bigint', { name: 'processed_at', nullable: true, transformer: bigintAsNumber })
  processedAt!: number | null;
  @Column('bigint', { name: 'failed_at', nullable: true, transformer: bigintAsNumber }) failedAt!:
    number | null;
  @Column('text', { name: 'failure_reason', nullable: true }) failureReason!: string | null;
}

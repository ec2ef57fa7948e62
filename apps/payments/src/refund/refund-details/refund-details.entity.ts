import { bigintAsNumber } from '@platform/event-store';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per refund: what GET /v1/refunds[/:id] and /payments/:id/refunds read. */
@Entity('refunds')
export class RefundDetailsRow {
  @PrimaryColumn('text') id!: string;
  @Column('integer') version!: number;
  @Column('text', { name: 'account_id' }) accountId!: string;
  @Column('text') mode!: 'test' | 'live';
  @Column('text', { name: 'payment_id' }) paymentId!: string;
  @Column('bigint', { transformer: bigintAsNumber }) amount!: number;
  @Column('text') currency!: string;
  @Column('text') status!: 'pending' | 'processed';
  @Column('text', { name: 'speed_requested' }) speedRequested!: 'normal' | 'optimum';
  @Column('text', { name: 'speed_processed', nullable: true }) speedProcessed!: 'normal' | 'instant' | null;
  @Column('jsonb') notes!: Record<string, string | number>;
  @Column('text', { nullable: true }) receipt!: string | null;
  @Column('text', { nullable: true }) arn!: string | null;
  @Column('boolean') automatic!: boolean;
  @Column('bigint', { name: 'created_at', transformer: bigintAsNumber }) createdAt!: number;
  @Column('bigint', { name: 'created_ms', transformer: bigintAsNumber }) createdMs!: number;
}

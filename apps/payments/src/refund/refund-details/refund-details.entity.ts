import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';

/** One row per refund: what GET /v1/refunds[/:id] and /payments/:id/refunds read. */
@Entity('refunds')
export class RefundDetailsRow extends ReadModelRow {
  @Column('text', { name: 'payment_id' }) paymentId!: string;
  @Column('bigint', { transformer: bigintAsNumber }) amount!: number;
  @Column('text') currency!: string;
  @Column('text') status!: 'pending' | 'processed';
  @Column('text', { name: 'speed_requested' }) speedRequested!: 'normal' | 'optimum';
  @Column('text', { name: 'speed_processed', nullable: true }) speedProcessed!:
    'normal' | 'instant' | null;
  @Column('jsonb') notes!: Record<string, string | number>;
  @Column('text', { nullable: true }) receipt!: string | null;
  @Column('text', { nullable: true }) arn!: string | null;
  @Column('boolean') automatic!: boolean;
}

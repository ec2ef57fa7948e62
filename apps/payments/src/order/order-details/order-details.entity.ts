import { bigintAsNumber } from '@platform/event-store';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per order: what GET /v1/orders[/:id] reads. */
@Entity('orders')
export class OrderDetailsRow {
  @PrimaryColumn('text') id!: string;
  /** The last stream version applied (projections ignore events at or below it). */
  @Column('integer') version!: number;
  @Column('text', { name: 'account_id' }) accountId!: string;
  @Column('text') mode!: 'test' | 'live';
  @Column('bigint', { transformer: bigintAsNumber }) amount!: number;
  @Column('bigint', { name: 'amount_paid', transformer: bigintAsNumber }) amountPaid!: number;
  @Column('text') currency!: string;
  @Column('text', { nullable: true }) receipt!: string | null;
  @Column('text') status!: 'created' | 'attempted' | 'paid';
  @Column('integer') attempts!: number;
  @Column('jsonb') notes!: Record<string, string | number>;
  @Column('boolean', { name: 'partial_payment' }) partialPayment!: boolean;
  @Column('bigint', { name: 'first_payment_min_amount', nullable: true, transformer: bigintAsNumber }) firstPaymentMinAmount!: number | null;
  @Column('boolean', { name: 'payment_capture' }) paymentCapture!: boolean;
  /** At least one payment on it was authorized (the `authorized` filter). */
  @Column('boolean') authorized!: boolean;
  /** Unix seconds. */
  @Column('bigint', { name: 'created_at', transformer: bigintAsNumber }) createdAt!: number;
  /** Creation time in milliseconds: orders created in the same second keep their order. */
  @Column('bigint', { name: 'created_ms', transformer: bigintAsNumber }) createdMs!: number;
}

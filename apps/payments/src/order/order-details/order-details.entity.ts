import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';

/** One row per order: what GET /v1/orders[/:id] reads. */
@Entity('orders')
export class OrderDetailsRow extends ReadModelRow {
  @Column('bigint', { transformer: bigintAsNumber }) amount!: number;
  @Column('bigint', { name: 'amount_paid', transformer: bigintAsNumber }) amountPaid!: number;
  @Column('text') currency!: string;
  @Column('text', { nullable: true }) receipt!: string | null;
  @Column('text') status!: 'created' | 'attempted' | 'paid';
  @Column('integer') attempts!: number;
  @Column('jsonb') notes!: Record<string, string | number>;
  @Column('boolean', { name: 'partial_payment' }) partialPayment!: boolean;
  @Column('bigint', {
    name: 'first_payment_min_amount',
    nullable: true,
    transformer: bigintAsNumber,
  })
  firstPaymentMinAmount!: number | null;
  @Column('boolean', { name: 'payment_capture' }) paymentCapture!: boolean;
  /** At least one payment on it was authorized (the `authorized` filter). */
  @Column('boolean') authorized!: boolean;
  /** The billing invoice this order collects, or null. */
  @Column('text', { name: 'invoice_id', nullable: true }) invoiceId!: string | null;
  /** The payment link this order collects, or null. */
  @Column('text', { name: 'payment_link_id', nullable: true }) paymentLinkId!: string | null;
}

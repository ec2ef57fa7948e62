import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';
import type { CardDetails, PaymentError, PaymentMethod } from '../payment.events';

/** One row per payment: what GET /v1/payments[/:id], /orders/:id/payments and /payments/:id/card read. */
@Entity('payments')
export class PaymentDetailsRow extends ReadModelRow {
  @Column('bigint', { transformer: bigintAsNumber }) amount!: number;
  @Column('text') currency!: string;
  @Column('text') status!: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  @Column('text', { name: 'order_id', nullable: true }) orderId!: string | null;
  @Column('text', { name: 'invoice_id', nullable: true }) invoiceId!: string | null;
  @Column('text', { name: 'qr_code_id', nullable: true }) qrCodeId!: string | null;
  @Column('text', { name: 'customer_id', nullable: true }) customerId!: string | null;
  @Column('text') method!: PaymentMethod;
  @Column('boolean') captured!: boolean;
  @Column('bigint', { name: 'amount_refunded', transformer: bigintAsNumber })
  amountRefunded!: number;
  @Column('text', { nullable: true }) description!: string | null;
  @Column('jsonb', { nullable: true }) card!: CardDetails | null;
  @Column('text', { nullable: true }) bank!: string | null;
  @Column('text', { nullable: true }) wallet!: string | null;
  @Column('text', { nullable: true }) vpa!: string | null;
  @Column('text', { nullable: true }) email!: string | null;
  @Column('text', { nullable: true }) contact!: string | null;
  @Column('jsonb') notes!: Record<string, string | number>;
  @Column('bigint', { nullable: true, transformer: bigintAsNumber }) fee!: number | null;
  @Column('bigint', { nullable: true, transformer: bigintAsNumber }) tax!: number | null;
  @Column('jsonb', { nullable: true }) error!: PaymentError | null;
  @Column('jsonb', { name: 'acquirer_data' }) acquirerData!: Record<string, string>;
  @Column('boolean') international!: boolean;
  /** The acquirer that holds a created payment's challenge (null: decided at once, or made before it was kept). */
  @Column('text', { nullable: true }) acquirer!: string | null;
  /** Where the customer answers a created payment's challenge. */
  @Column('text', { name: 'challenge_url', nullable: true }) challengeUrl!: string | null;
}

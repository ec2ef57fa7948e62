import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';
import type { InvoiceStatus } from '../invoice.decider';
import type { InvoiceTerms } from '../invoice.events';

type NotificationStatus = 'pending' | 'sent' | null;

/** One row per invoice (deleted drafts have none): what GET /v1/invoices[/:id] reads. Times: unix seconds. */
@Entity('invoices')
export class InvoiceDetailsRow extends ReadModelRow {
  @Column('text') status!: Exclude<InvoiceStatus, 'deleted'>;
  @Column('text') type!: 'invoice' | 'link';
  @Column('text', { nullable: true }) receipt!: string | null;
  @Column('text', { name: 'customer_id', nullable: true }) customerId!: string | null;
  @Column('text', { name: 'subscription_id', nullable: true }) subscriptionId!: string | null;
  @Column('text', { name: 'order_id', nullable: true }) orderId!: string | null;
  /** The latest payment recorded (the one that paid it, once paid). */
  @Column('text', { name: 'payment_id', nullable: true }) paymentId!: string | null;
  @Column('jsonb') terms!: InvoiceTerms;
  @Column('bigint', { transformer: bigintAsNumber }) amount!: number;
  @Column('bigint', { name: 'amount_paid', transformer: bigintAsNumber }) amountPaid!: number;
  @Column('bigint', { name: 'issued_at', nullable: true, transformer: bigintAsNumber }) issuedAt!:
    number | null;
  @Column('bigint', { name: 'paid_at', nullable: true, transformer: bigintAsNumber }) paidAt!:
    number | null;
  @Column('bigint', { name: 'cancelled_at', nullable: true, transformer: bigintAsNumber })
  cancelledAt!: number | null;
  @Column('bigint', { name: 'expired_at', nullable: true, transformer: bigintAsNumber })
  expiredAt!: number | null;
  @Column('text', { name: 'sms_status', nullable: true }) smsStatus!: NotificationStatus;
  @Column('text', { name: 'email_status', nullable: true }) emailStatus!: NotificationStatus;
}

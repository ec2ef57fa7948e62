import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';
import type { LinkCustomer, Notes } from '../payment-link.events';

/** A captured payment of the link, as its entity lists it (times in Unix seconds). */
export interface LinkPaymentRow {
  paymentId: string;
  amount: number;
  method: string;
  createdAt: number;
  capturedAt: number;
}

/** One row per payment link: what GET /v1/payment_links[/:id] and the link's checkout read. */
@Entity('payment_links')
export class PaymentLinkDetailsRow extends ReadModelRow {
  @Column('bigint', { transformer: bigintAsNumber }) amount!: number;
  @Column('bigint', { name: 'amount_paid', transformer: bigintAsNumber }) amountPaid!: number;
  @Column('text') currency!: string;
  @Column('text') status!: 'created' | 'partially_paid' | 'paid' | 'cancelled' | 'expired';
  @Column('boolean', { name: 'accept_partial' }) acceptPartial!: boolean;
  @Column('bigint', {
    name: 'first_min_partial_amount',
    nullable: true,
    transformer: bigintAsNumber,
  })
  firstMinPartialAmount!: number | null;
  @Column('text', { nullable: true }) description!: string | null;
  @Column('text', { name: 'reference_id', nullable: true }) referenceId!: string | null;
  @Column('jsonb') customer!: LinkCustomer;
  @Column('boolean', { name: 'notify_sms' }) notifySms!: boolean;
  @Column('boolean', { name: 'notify_email' }) notifyEmail!: boolean;
  @Column('boolean', { name: 'reminder_enable' }) reminderEnable!: boolean;
  @Column('jsonb') notes!: Notes;
  @Column('text', { name: 'callback_url', nullable: true }) callbackUrl!: string | null;
  @Column('text', { name: 'callback_method', nullable: true }) callbackMethod!: 'get' | null;
  @Column('boolean', { name: 'upi_link' }) upiLink!: boolean;
  @Column('text', { name: 'order_id' }) orderId!: string;
  /** The API key that made the link: its secret signs the link's callback. */
  @Column('text', { name: 'key_id' }) keyId!: string;
  @Column('text', { name: 'short_url' }) shortUrl!: string;
  @Column('jsonb') payments!: LinkPaymentRow[];
  /** Unix seconds, as given; null: none given (the link expires six months after its creation). */
  @Column('bigint', { name: 'expire_by', nullable: true, transformer: bigintAsNumber })
  expireBy!: number | null;
  /** Unix seconds. */
  @Column('bigint', { name: 'expired_at', nullable: true, transformer: bigintAsNumber })
  expiredAt!: number | null;
  /** Unix seconds. */
  @Column('bigint', { name: 'cancelled_at', nullable: true, transformer: bigintAsNumber })
  cancelledAt!: number | null;
  /** Unix seconds: the last change. */
  @Column('bigint', { name: 'updated_at', transformer: bigintAsNumber }) updatedAt!: number;
}

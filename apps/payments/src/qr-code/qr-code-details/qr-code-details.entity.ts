import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';
import type { CloseReason, QrCodeType, QrCodeUsage, TaxInvoice } from '../qr-code.events';

/** One row per QR code: what GET /v1/payments/qr_codes[/:id] and the code's image read. */
@Entity('qr_codes')
export class QrCodeDetailsRow extends ReadModelRow {
  @Column('text') type!: QrCodeType;
  @Column('text', { nullable: true }) name!: string | null;
  @Column('text') usage!: QrCodeUsage;
  @Column('boolean', { name: 'fixed_amount' }) fixedAmount!: boolean;
  @Column('bigint', { name: 'payment_amount', nullable: true, transformer: bigintAsNumber })
  paymentAmount!: number | null;
  @Column('text', { nullable: true }) description!: string | null;
  @Column('text', { name: 'customer_id', nullable: true }) customerId!: string | null;
  @Column('bigint', { name: 'close_by', nullable: true, transformer: bigintAsNumber }) closeBy!:
    number | null;
  @Column('jsonb') notes!: Record<string, string | number>;
  @Column('jsonb', { name: 'tax_invoice', nullable: true }) taxInvoice!: TaxInvoice | null;
  @Column('text') status!: 'active' | 'closed';
  @Column('bigint', { name: 'closed_at', nullable: true, transformer: bigintAsNumber }) closedAt!:
    number | null;
  @Column('text', { name: 'close_reason', nullable: true }) closeReason!: CloseReason | null;
  @Column('bigint', { name: 'payments_amount_received', transformer: bigintAsNumber })
  paymentsAmountReceived!: number;
  @Column('integer', { name: 'payments_count_received' }) paymentsCountReceived!: number;
}

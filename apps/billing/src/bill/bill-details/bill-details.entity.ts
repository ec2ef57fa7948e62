import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';
import type {
  BillCustomer,
  BillLine,
  BillPayment,
  BillSummary,
  ReceiptDelivery,
  ReceiptType,
} from '../bill.events';

/**
 * One row per bill (deleted bills have none): what GET /v1/bills[/:id] and the receipt page read. A
 * receipt number names one bill per account and mode (a unique index; a deleted bill frees it).
 */
@Entity('bills')
export class BillDetailsRow extends ReadModelRow {
  @Column('text', { name: 'receipt_number' }) receiptNumber!: string;
  @Column('bigint', { name: 'receipt_timestamp', transformer: bigintAsNumber })
  receiptTimestamp!: number;
  @Column('text', { name: 'receipt_type' }) receiptType!: ReceiptType;
  @Column('text', { name: 'receipt_delivery' }) receiptDelivery!: ReceiptDelivery;
  @Column('jsonb') customer!: BillCustomer;
  @Column('jsonb', { name: 'line_items' }) lineItems!: BillLine[];
  @Column('jsonb') summary!: BillSummary;
  @Column('text') currency!: string;
  @Column('jsonb') payments!: BillPayment[];
  @Column('jsonb') notes!: Record<string, string | number>;
  @Column('bigint', { name: 'updated_at', transformer: bigintAsNumber }) updatedAt!: number;
}

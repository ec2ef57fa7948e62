import type { Event } from '@platform/domain-kit';

export type ReceiptType = 'tax_invoice' | 'sales_invoice' | 'credit_note';
export type ReceiptDelivery = 'digital' | 'print' | 'digital_and_print';
export type BillPaymentMethod = 'card' | 'upi' | 'netbanking' | 'wallet' | 'cash' | 'other';

export interface BillCustomer {
  name: string | null;
  contact: string;
  email: string | null;
}

/** A line as the merchant wrote it. */
export interface BillLineInput {
  id: string;
  name: string;
  description: string | null;
  quantity: number;
  unit: string | null;
  hsnCode: string | null;
  unitAmount: number;
  /** Percent, one of the GST slabs; null: untaxed. */
  taxRate: number | null;
  taxInclusive: boolean;
}

/** A line with its amounts, as computed when the bill was written (integers, minor units). */
export interface BillLine extends BillLineInput {
  grossAmount: number;
  taxableAmount: number;
  taxAmount: number;
  netAmount: number;
}

export interface BillPayment {
  method: BillPaymentMethod;
  amount: number;
  currency: string;
  reference: string | null;
}

export interface BillSummary {
  totalQuantity: number;
  /** The sum of the lines' taxable amounts. */
  subTotalAmount: number;
  taxAmount: number;
  netPayableAmount: number;
}

/** What the merchant sends: everything of a bill except the amounts the platform computes. */
export interface BillDraft {
  receiptNumber: string;
  /** Unix seconds. */
  receiptTimestamp: number;
  receiptType: ReceiptType;
  receiptDelivery: ReceiptDelivery;
  customer: BillCustomer;
  lineItems: BillLineInput[];
  currency: string;
  payments: BillPaymentInput[];
  notes: Record<string, string | number>;
}

/** A payment as sent: without a currency, it is the bill's. */
export interface BillPaymentInput extends Omit<BillPayment, 'currency'> {
  currency: string | null;
}

/** A whole bill: the draft with its lines priced, its summary, and its payments' currencies filled in. */
export interface BillDetails extends Omit<BillDraft, 'lineItems' | 'payments'> {
  lineItems: BillLine[];
  summary: BillSummary;
  payments: BillPayment[];
}

/** Every time in these events: milliseconds on the account's clock. */
export type BillCreated = Event<
  'BillCreated',
  { billId: string; details: BillDetails; createdAt: number }
>;

/** The whole bill after the change (it is re-validated and re-priced as a whole). */
export type BillUpdated = Event<'BillUpdated', { details: BillDetails; updatedAt: number }>;

export type BillDeleted = Event<'BillDeleted', { deletedAt: number }>;

export type BillEvent = BillCreated | BillUpdated | BillDeleted;

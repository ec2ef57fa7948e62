import type { Notes } from '../notes';
/** The value lists of a bill, written once for the billing service and the OpenAPI document. */
export const BILL_PAYMENT_METHODS = [
  'card',
  'upi',
  'netbanking',
  'wallet',
  'cash',
  'other',
] as const;
export type BillPaymentMethod = (typeof BILL_PAYMENT_METHODS)[number];
export const BILL_RECEIPT_TYPES = ['tax_invoice', 'sales_invoice', 'credit_note'] as const;
export type BillReceiptType = (typeof BILL_RECEIPT_TYPES)[number];
export const BILL_RECEIPT_DELIVERIES = ['digital', 'print', 'digital_and_print'] as const;
export type BillReceiptDelivery = (typeof BILL_RECEIPT_DELIVERIES)[number];
export const BILL_PAYMENT_STATUSES = ['paid', 'partially_paid', 'unpaid'] as const;
export type BillPaymentStatus = (typeof BILL_PAYMENT_STATUSES)[number];

/** What a bill's line costs: unit amount × quantity, with the tax charged on top or carved out of it. */
export interface BillLineItemEntity {
  id: string;
  name: string;
  description: string | null;
  quantity: number;
  unit: string | null;
  hsn_code: string | null;
  /** In the currency's smallest unit. */
  unit_amount: number;
  /** Percent, one of the GST slabs (0, 0.1, 0.25, 1, 1.5, 3, 5, 12, 18, 28); null: untaxed. */
  tax_rate: number | null;
  /** The unit amount already includes the tax. */
  tax_inclusive: boolean;
  /** unit_amount × quantity. */
  gross_amount: number;
  /** What the tax is charged on. */
  taxable_amount: number;
  tax_amount: number;
  /** taxable_amount + tax_amount. */
  net_amount: number;
}

export interface BillPaymentEntity {
  method: BillPaymentMethod;
  amount: number;
  currency: string;
  reference: string | null;
}

/** A bill as the API shows it (`entity: "bill"`): a digital receipt a merchant shares with its customer. */
export interface BillEntity {
  id: string;
  entity: 'bill';
  receipt_number: string;
  /** Unix seconds: when the sale happened. */
  receipt_timestamp: number;
  receipt_type: BillReceiptType;
  receipt_delivery: BillReceiptDelivery;
  customer: { name: string | null; contact: string; email: string | null };
  line_items: BillLineItemEntity[];
  /** Always computed by the platform from the line items. */
  receipt_summary: {
    total_quantity: number;
    sub_total_amount: number;
    tax_amount: number;
    net_payable_amount: number;
    currency: string;
  };
  payment_summary: {
    amount_paid: number;
    amount_due: number;
    payment_status: BillPaymentStatus;
  };
  payments: BillPaymentEntity[];
  notes: Notes;
  /** The public receipt page: `<PUBLIC_BASE_URL>/bills/<id>`, no key needed. */
  receipt_url: string;
  created_at: number;
  updated_at: number;
}

import type { GstRatePercent } from '@platform/domain-kit';
import type { CurrencyCode, Notes } from '../api-values';
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
  /**
   * Given by the platform; a PATCH that sends `line_items` gives the new lines new ids.
   *
   * @example "li_1Aa00000000001"
   */
  id: string;
  name: string;
  description: string | null;
  /** @minimum 1 */
  quantity: number;
  /** @example "cup" */
  unit: string | null;
  /** @example "0902" */
  hsn_code: string | null;
  /**
   * In the smallest currency unit.
   *
   * @minimum 0
   */
  unit_amount: number;
  /** Percent, one of the GST slabs; null: untaxed. */
  tax_rate: GstRatePercent | null;
  /** true: the unit amount includes the tax, which is carved out of it. */
  tax_inclusive: boolean;
  /** unit_amount × quantity. */
  gross_amount: number;
  /**
   * What the tax is charged on: the gross amount, or (tax included) gross × 100 / (100 + rate),
   * rounded half up to the paisa.
   */
  taxable_amount: number;
  /** taxable_amount × rate, rounded half up (tax included: gross − taxable). */
  tax_amount: number;
  /** What the customer pays for the line: taxable_amount + tax_amount. */
  net_amount: number;
}

export interface BillPaymentEntity {
  method: BillPaymentMethod;
  /**
   * In the smallest currency unit.
   *
   * @minimum 1
   *
   * @maximum 5000000000
   */
  amount: number;
  /** The bill's currency (a payment without one gets it). */
  currency: CurrencyCode;
  /** Your reference for the payment (a UTR, a card slip number…). */
  reference: string | null;
}

/** A bill as the API shows it (`entity: "bill"`): a digital receipt a merchant shares with its customer. */
export interface BillEntity {
  /** @example "bill_1Aa00000000001" */
  id: string;
  entity: 'bill';
  /** @example "R-0001" */
  receipt_number: string;
  /** When the sale happened, Unix seconds. */
  receipt_timestamp: number;
  receipt_type: BillReceiptType;
  receipt_delivery: BillReceiptDelivery;
  customer: { name: string | null; contact: string; email: string | null };
  line_items: BillLineItemEntity[];
  /** Always computed by the platform from the line items, in integers. */
  receipt_summary: /** Always computed by the platform from the line items, in integers. */
  {
    /** The sum of the lines' quantities. */
    total_quantity: number;
    /** The sum of the lines' taxable amounts. */
    sub_total_amount: number;
    /** The sum of the lines' tax amounts. */
    tax_amount: number;
    /** The sum of the lines' net amounts: what the customer pays (at most 5000000000). */
    net_payable_amount: number;
    currency: CurrencyCode;
  };
  payment_summary: {
    /** The sum of the payments. */
    amount_paid: number;
    /** net_payable_amount − amount_paid. */
    amount_due: number;
    /**
     * `paid`: nothing is due (a bill of 0 included); `partially_paid`: some of it is paid;
     * `unpaid`: no payment.
     */
    payment_status: BillPaymentStatus;
  };
  payments: BillPaymentEntity[];
  notes: Notes;
  /**
   * The receipt page: `<public base URL>/bills/<bill id>`, an HTML page served by the gateway **without
   * authentication** (it is meant to be shared with the customer; the id is unguessable). It shows
   * the receipt number and time (IST), the customer, each line with its quantity, unit price, tax
   * and total, the summary and the payment status. Not cached (`cache-control: no-store`); a
   * malformed id answers 400 "The requested URL was not found on the server.", a deleted or unknown
   * bill 400 "The id provided does not exist".
   *
   * @example "https://api.example.com/bills/bill_1Aa00000000001"
   *
   * @format uri
   */
  receipt_url: string;
  /** Unix seconds */
  created_at: number;
  /** Unix seconds */
  updated_at: number;
}

import type { Notes } from '../api-values';
/** The value lists of a QR code, written once for the payments service and the OpenAPI document. */
export const QR_CODE_TYPES = ['upi_qr', 'bharat_qr'] as const;
export type QrCodeType = (typeof QR_CODE_TYPES)[number];
export const QR_CODE_USAGES = ['single_use', 'multiple_use'] as const;
export type QrCodeUsage = (typeof QR_CODE_USAGES)[number];
export const QR_CODE_STATUSES = ['active', 'closed'] as const;
export type QrCodeStatus = (typeof QR_CODE_STATUSES)[number];
/**
 * Razorpay knows only these two: a code closed by time is `on_demand` too (see docs/api-guide.md,
 * QR codes).
 */
export const QR_CODE_CLOSE_REASONS = ['on_demand', 'paid'] as const;
export type QrCodeCloseReason = (typeof QR_CODE_CLOSE_REASONS)[number];

/** A QR code as the API shows it (`entity: "qr_code"`). */
export interface QrCodeEntity {
  /** @example "qr_1Aa00000000001" */
  id: string;
  entity: 'qr_code';
  /** Unix seconds */
  created_at: number;
  /**
   * Shown to the payer by UPI apps (the payee name of the UPI intent; `Merchant` when null).
   *
   * @example "Store Front"
   */
  name: string | null;
  /**
   * `single_use`: one payment, then the code closes (`close_reason` `paid`). `multiple_use`: any
   * number of payments, until closed.
   */
  usage: QrCodeUsage;
  /** `upi_qr`: UPI payments only. `bharat_qr`: UPI and card payments. */
  type: QrCodeType;
  /**
   * The code as a PNG (480 px), served publicly by GET /qr/{file} (no key needed: it is meant to be
   * printed and shared). It encodes a UPI intent URI any UPI app can pay: `upi://pay?pa=<account
   * id, lower case>@rzp&pn=<name, or Merchant>&tr=<QR code id>&am=<rupees with 2 decimals,
   * fixed-amount codes only>&cu=INR&tn=<description, when set>`. Bharat QR codes carry the same UPI
   * intent.
   *
   * @example "https://api.example.com/qr/qr_1Aa00000000001.png"
   *
   * @format uri
   */
  image_url: string;
  /**
   * With `fixed_amount`: the only amount a payment on the code may have. null otherwise.
   *
   * @example 30000
   */
  payment_amount: number | null;
  /** `active`: takes payments. `closed`: takes none (see `close_reason`). */
  status: QrCodeStatus;
  description: string | null;
  fixed_amount: boolean;
  /**
   * The sum of the captured payments made on the code (QR code payments are captured at once;
   * failed ones do not count).
   */
  payments_amount_received: number;
  /** How many captured payments were made on the code. */
  payments_count_received: number;
  notes: Notes;
  /** @example "cust_1Aa00000000001" */
  customer_id: string | null;
  /** Single-use codes: when the code closes by itself, Unix seconds. */
  close_by: number | null;
  /** Unix seconds; null while active. */
  closed_at: number | null;
  /**
   * null while active. `paid`: a single-use code after its payment. `on_demand`: closed with POST
   * /v1/payments/qr_codes/{id}/close, or a single-use code whose time ran out (at its `close_by`,
   * or 45 days after its creation without one).
   */
  close_reason: QrCodeCloseReason | null;
  /** The GST details as sent at creation (only the fields sent); null when none were sent. */
  tax_invoice: QrCodeTaxInvoiceEntity | null;
}

/** The GST details of a GST-compliant QR code, as sent at creation (and checked then). */
export interface QrCodeTaxInvoiceEntity {
  /**
   * The invoice number.
   *
   * @example "INV-001"
   */
  number?: string;
  /**
   * The invoice date, Unix seconds.
   *
   * @minimum 0
   */
  date?: number;
  /** @example "Gaurav Kumar" */
  customer_name?: string;
  /**
   * Your GSTIN.
   *
   * @example "29ABCDE1234F1Z5"
   */
  business_gstin?: string;
  /**
   * In the smallest currency unit.
   *
   * @minimum 0
   * @example 540
   */
  gst_amount?: number;
  /**
   * In the smallest currency unit.
   *
   * @minimum 0
   */
  cess_amount?: number;
  supply_type?: 'interstate' | 'intrastate';
}

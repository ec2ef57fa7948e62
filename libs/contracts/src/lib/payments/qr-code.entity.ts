import type { Notes } from '../notes';
/** The value lists of a QR code, written once for the payments service and the OpenAPI document. */
export const QR_CODE_TYPES = ['upi_qr', 'bharat_qr'] as const;
export type QrCodeType = (typeof QR_CODE_TYPES)[number];
export const QR_CODE_USAGES = ['single_use', 'multiple_use'] as const;
export type QrCodeUsage = (typeof QR_CODE_USAGES)[number];
export const QR_CODE_STATUSES = ['active', 'closed'] as const;
export type QrCodeStatus = (typeof QR_CODE_STATUSES)[number];
/** Razorpay knows only these two: a code closed by time is `on_demand` too (see the README). */
export const QR_CODE_CLOSE_REASONS = ['on_demand', 'paid'] as const;
export type QrCodeCloseReason = (typeof QR_CODE_CLOSE_REASONS)[number];

/** A QR code as the API shows it (`entity: "qr_code"`). */
export interface QrCodeEntity {
  id: string;
  entity: 'qr_code';
  created_at: number;
  name: string | null;
  usage: QrCodeUsage;
  type: QrCodeType;
  /** A PNG of the code, served publicly by the gateway. */
  image_url: string;
  payment_amount: number | null;
  status: QrCodeStatus;
  description: string | null;
  fixed_amount: boolean;
  /** Captured payments only. */
  payments_amount_received: number;
  payments_count_received: number;
  notes: Notes;
  customer_id: string | null;
  close_by: number | null;
  closed_at: number | null;
  close_reason: QrCodeCloseReason | null;
  /** GST details as sent: number, date, customer_name, business_gstin, gst_amount, cess_amount, supply_type. */
  tax_invoice: Record<string, string | number> | null;
}

import type { Event } from '@platform/domain-kit';

export type Notes = Record<string, string | number>;
export type QrCodeType = 'upi_qr' | 'bharat_qr';
export type QrCodeUsage = 'single_use' | 'multiple_use';
export type CloseReason = 'on_demand' | 'paid';

/** GST details of a GST-compliant QR code, as sent (reference 2.6): stored and returned. */
export interface TaxInvoice {
  number?: string;
  date?: number;
  customer_name?: string;
  business_gstin?: string;
  gst_amount?: number;
  cess_amount?: number;
  supply_type?: 'interstate' | 'intrastate';
}

export interface QrCodeTerms {
  type: QrCodeType;
  name: string | null;
  usage: QrCodeUsage;
  fixedAmount: boolean;
  /** With a fixed amount: the only amount a payment may have. */
  paymentAmount: number | null;
  description: string | null;
  customerId: string | null;
  /** Unix seconds: a single-use code closes then. */
  closeBy: number | null;
  notes: Notes;
  taxInvoice: TaxInvoice | null;
}

/** Every time in these events but `closeBy`: milliseconds on the account's clock. */
export type QrCodeCreated = Event<
  'QrCodeCreated',
  { qrCodeId: string; terms: QrCodeTerms; createdAt: number }
>;

/** A payment made on the code was captured (QR payments are captured at once): it counts as received. */
export type QrCodeCredited = Event<'QrCodeCredited', { paymentId: string; amount: number }>;

/**
 * The code accepts no more payments: `on_demand` when closed through the API or when its time ran
 * out (close_by, or 45 days for a single-use code without one), `paid` after a single-use payment.
 */
export type QrCodeClosed = Event<'QrCodeClosed', { reason: CloseReason; closedAt: number }>;

export type QrCodeEvent = QrCodeCreated | QrCodeCredited | QrCodeClosed;

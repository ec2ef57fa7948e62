/** A QR code as the API shows it (`entity: "qr_code"`). */
export interface QrCodeEntity {
  id: string;
  entity: 'qr_code';
  created_at: number;
  name: string | null;
  usage: 'single_use' | 'multiple_use';
  type: 'upi_qr' | 'bharat_qr';
  /** A PNG of the code, served publicly by the gateway. */
  image_url: string;
  payment_amount: number | null;
  status: 'active' | 'closed';
  description: string | null;
  fixed_amount: boolean;
  /** Captured payments only. */
  payments_amount_received: number;
  payments_count_received: number;
  notes: Record<string, string | number>;
  customer_id: string | null;
  close_by: number | null;
  closed_at: number | null;
  close_reason: 'on_demand' | 'paid' | null;
  /** GST details as sent: number, date, customer_name, business_gstin, gst_amount, cess_amount, supply_type. */
  tax_invoice: Record<string, string | number> | null;
}

import type { Notes } from '../notes';
import type { CardEntity } from './card.entity';

export type PaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
/** How a customer pays: the payments service, its simulator and the OpenAPI document read this list. */
export const PAYMENT_METHODS = ['card', 'upi', 'netbanking', 'wallet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A payment as the API shows it (`entity: "payment"`). Amounts in the currency's smallest unit. */
export interface PaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: PaymentStatus;
  order_id: string | null;
  invoice_id: string | null;
  international: boolean;
  method: PaymentMethod;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  description: string | null;
  card_id: string | null;
  /** Only with `expand[]=card`. */
  card?: CardEntity | null;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  email: string | null;
  contact: string | null;
  /** The customer of the QR code or invoice paid; null when what was paid names none. */
  customer_id: string | null;
  notes: Notes;
  /** Fee including GST, set at capture; `tax` is the GST part of it. */
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

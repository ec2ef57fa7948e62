import type { Notes } from '../notes';
import type { IntegrationEvent } from '../envelope';
import type { PaymentRejection } from './payment-rejection';

export type InvoiceStatus =
  'draft' | 'issued' | 'partially_paid' | 'paid' | 'cancelled' | 'expired' | 'deleted';

/** The value lists of an invoice, written once for the billing service and the OpenAPI document. */
export const INVOICE_TYPES = ['invoice', 'link'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const ADDRESS_TYPES = ['billing_address', 'shipping_address'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const LINE_ITEM_TYPES = ['invoice', 'plan', 'addon', 'discount'] as const;
export type LineItemType = (typeof LINE_ITEM_TYPES)[number];
/** An SMS or e-mail about an invoice: `pending` until sent (null: not asked for). */
export const NOTIFICATION_STATUSES = ['pending', 'sent'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export interface AddressEntity {
  id: string | null;
  type: AddressType;
  primary: boolean;
  line1: string;
  line2: string | null;
  zipcode: string;
  city: string;
  state: string | null;
  country: string;
  contact: string | null;
  name: string | null;
  tag: string | null;
  landmark: string | null;
}

export interface InvoiceCustomerDetails {
  id: string | null;
  name: string | null;
  email: string | null;
  contact: string | null;
  gstin: string | null;
  customer_name: string | null;
  customer_email: string | null;
  customer_contact: string | null;
  /** The same as `billing_address` (the older name Razorpay still sends). */
  customer_address: AddressEntity | null;
  billing_address: AddressEntity | null;
  shipping_address: AddressEntity | null;
}

/** A line of an invoice: the item's values copied when the line was written, and its amounts. */
export interface LineItemEntity {
  id: string;
  item_id: string | null;
  ref_id: string | null;
  ref_type: string | null;
  name: string;
  description: string | null;
  amount: number;
  unit_amount: number;
  gross_amount: number;
  tax_amount: number;
  taxable_amount: number;
  net_amount: number;
  currency: string;
  type: LineItemType;
  tax_inclusive: boolean;
  hsn_code: string | null;
  sac_code: string | null;
  tax_rate: number | null;
  unit: string | null;
  quantity: number;
  taxes: never[];
}

/** An invoice or a payment link as the API shows it (`entity: "invoice"`). */
export interface InvoiceEntity {
  id: string;
  entity: 'invoice';
  type: InvoiceType;
  invoice_number: string | null;
  receipt: string | null;
  customer_id: string | null;
  customer_details: InvoiceCustomerDetails;
  order_id: string | null;
  subscription_id: string | null;
  payment_id: string | null;
  line_items: LineItemEntity[];
  status: InvoiceStatus;
  expire_by: number | null;
  issued_at: number | null;
  paid_at: number | null;
  cancelled_at: number | null;
  expired_at: number | null;
  date: number | null;
  sms_status: NotificationStatus | null;
  email_status: NotificationStatus | null;
  partial_payment: boolean;
  gross_amount: number;
  tax_amount: number;
  taxable_amount: number;
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  currency_symbol: string | null;
  description: string | null;
  short_url: string | null;
  terms: string | null;
  comment: string | null;
  notes: Notes;
  view_less: boolean;
  group_taxes_discounts: boolean;
  billing_start: number | null;
  billing_end: number | null;
  created_at: number;
  idempotency_key: null;
  ref_num: null;
  /** The dashboard user who created it: API keys act for no user. */
  user_id: null;
}

/**
 * On `billing.invoice`, keyed by invoice id: the invoice after the change. `invoice.issued` is what
 * the payments service opens the invoice's order from; `invoice.cancelled` and `invoice.expired`
 * close it. `invoice.charge_requested` asks payments to charge a subscription's saved card for it;
 * `invoice.payment_rejected` to refund a payment that arrived when the invoice could not take it.
 */
export type InvoicePublishedType =
  | 'invoice.issued'
  | 'invoice.partially_paid'
  | 'invoice.paid'
  | 'invoice.cancelled'
  | 'invoice.expired';
export type InvoiceChangedEvent = IntegrationEvent<
  InvoicePublishedType,
  { invoice: InvoiceEntity }
>;
export type InvoiceChargeRequestedEvent = IntegrationEvent<
  'invoice.charge_requested',
  { invoice: InvoiceEntity; attempt: number }
>;
/** A captured payment the invoice could not take (cancelled or expired, say, before it arrived): payments refunds it in full. */
export type InvoicePaymentRejectedEvent = IntegrationEvent<
  'invoice.payment_rejected',
  { invoice: InvoiceEntity; rejection: PaymentRejection }
>;
export type InvoiceEvent =
  InvoiceChangedEvent | InvoiceChargeRequestedEvent | InvoicePaymentRejectedEvent;

export const InvoiceEventTypes = {
  issued: 'invoice.issued',
  partiallyPaid: 'invoice.partially_paid',
  paid: 'invoice.paid',
  cancelled: 'invoice.cancelled',
  expired: 'invoice.expired',
  chargeRequested: 'invoice.charge_requested',
  paymentRejected: 'invoice.payment_rejected',
} as const;

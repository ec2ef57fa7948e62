import type { GstRatePercent } from '@platform/domain-kit';
import type { CurrencyCode, Notes } from '../api-values';
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
  primary: true;
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

/**
 * Copied when the invoice was written: changing the customer later changes no invoice. All null
 * without a customer.
 */
export interface InvoiceCustomerDetails {
  /**
   * The customer's id: the one given by `customer_id`, or the customer an inline `customer` was
   * found as or made into; null for an inline customer with no name, email or contact, or a
   * subscription's authorization invoice before it is paid.
   */
  id: string | null;
  name: string | null;
  email: string | null;
  contact: string | null;
  gstin: string | null;
  /** The same as `name`. */
  customer_name: string | null;
  /** The same as `email`. */
  customer_email: string | null;
  /** The same as `contact`. */
  customer_contact: string | null;
  /** The same as `billing_address`. */
  // The same as `billing_address` (the older name Razorpay still sends).
  customer_address: AddressEntity | null;
  /** Only an inline customer has addresses. */
  billing_address: AddressEntity | null;
  shipping_address: AddressEntity | null;
}

/** A line of an invoice: the item's values copied when the line was written, and its amounts. */
export interface LineItemEntity {
  /**
   * Given by the platform when the line is written; it stays as the line is edited (PATCH
   * `line_items[].id` names the line).
   *
   * @example "li_1Aa00000000001"
   */
  id: string;
  /**
   * The catalogue item the line was copied from; null for an inline line. Editing or deleting the
   * item later changes no invoice.
   */
  item_id: string | null;
  ref_id: string | null;
  ref_type: string | null;
  name: string;
  description: string | null;
  /** The unit amount, in the smallest currency unit. */
  amount: number;
  /** The same as `amount`. */
  unit_amount: number;
  /** unit_amount × quantity. */
  gross_amount: number;
  /** Tax exclusive: gross × rate, rounded half up; tax inclusive: gross − taxable. */
  tax_amount: number;
  /**
   * Tax exclusive: the gross amount; tax inclusive: gross / (1 + rate), rounded half up to the
   * paisa.
   */
  taxable_amount: number;
  /** What the customer pays for the line: taxable_amount + tax_amount. */
  net_amount: number;
  currency: CurrencyCode;
  /**
   * `invoice` for the lines written through this API; `plan`, `addon` and `discount` (an offer's
   * discount, a negative amount) on a subscription's invoices.
   */
  type: LineItemType;
  tax_inclusive: boolean;
  hsn_code: string | null;
  sac_code: string | null;
  /** Percent, one of the GST slabs; null: untaxed. */
  tax_rate: GstRatePercent | null;
  unit: string | null;
  /** @minimum 1 */
  quantity: number;
  /** @maxItems 0 */
  taxes: never[];
}

/**
 * Every amount is computed by the platform in exact integers. Per line: `gross_amount` = unit
 * amount × quantity. Tax exclusive: `taxable_amount` = gross, `tax_amount` = gross × rate rounded
 * half up to the paisa. Tax inclusive: `taxable_amount` = gross / (1 + rate) rounded half up,
 * `tax_amount` = gross − taxable. `net_amount` = taxable + tax. The invoice's `gross_amount`,
 * `taxable_amount`, `tax_amount` and `amount` are the sums over its lines; `amount_due` = `amount`
 * − `amount_paid`.
 *
 * **Lifecycle.** `draft` (POST with `draft: "1"`) → `issued` (POST /v1/invoices/{id}/issue, or at
 * once by a POST without `draft`) → `partially_paid` (a captured payment that leaves something due)
 * → `paid` (nothing due). An `issued` invoice (no payment yet) can be `cancelled`; an `issued` or
 * `partially_paid` one still unpaid at its `expire_by` becomes `expired`, on the account's clock
 * (test mode: POST /v1/simulator/clock/advance moves it); moving `expire_by` moves the deadline. A
 * `draft` can be deleted (gone from then on: "The id provided does not exist"). Each change is
 * published on the Kafka topic `billing.invoice` (`invoice.issued`, `invoice.partially_paid`,
 * `invoice.paid`, `invoice.cancelled`, `invoice.expired`, the invoice after the change, keyed by
 * its id).
 *
 * **Paying.** An invoice is paid through its order (`order_id`, chosen when it is issued) in the
 * payments service: the order is opened from billing's `invoice.issued` event, so it exists shortly
 * after the issue, not at once. It is captured at once, takes parts of the amount only with
 * `partial_payment` (otherwise the payment must be the amount due), and is closed when the invoice
 * is cancelled or expires. Each captured payment counts towards the invoice (`amount_paid`,
 * `payment_id`), once however often it is reported. In test mode: POST /v1/simulator/payments with
 * `invoice_id` (instead of `order_id`; amount by default the amount due) answers
 * `razorpay_order_id` and `razorpay_invoice_id` with the payment; before the order exists it
 * answers 400 "The id provided does not exist (or the invoice is not issued yet)" (field
 * `invoice_id`).
 *
 * @example {
 *   "id": "inv_1Aa00000000001",
 *   "entity": "invoice",
 *   "type": "invoice",
 *   "invoice_number": "INV-2025-0001",
 *   "receipt": "INV-2025-0001",
 *   "customer_id": null,
 *   "customer_details": {
 *     "id": null,
 *     "name": "Gaurav Kumar",
 *     "email": "gaurav.kumar@example.com",
 *     "contact": "+919000090000",
 *     "gstin": null,
 *     "customer_name": "Gaurav Kumar",
 *     "customer_email": "gaurav.kumar@example.com",
 *     "customer_contact": "+919000090000",
 *     "customer_address": {
 *       "id": null,
 *       "type": "billing_address",
 *       "primary": true,
 *       "line1": "318, Palm Grove",
 *       "line2": "Indiranagar",
 *       "zipcode": "560038",
 *       "city": "Bengaluru",
 *       "state": "Karnataka",
 *       "country": "in",
 *       "contact": null,
 *       "name": null,
 *       "tag": null,
 *       "landmark": null
 *     },
 *     "billing_address": {
 *       "id": null,
 *       "type": "billing_address",
 *       "primary": true,
 *       "line1": "318, Palm Grove",
 *       "line2": "Indiranagar",
 *       "zipcode": "560038",
 *       "city": "Bengaluru",
 *       "state": "Karnataka",
 *       "country": "in",
 *       "contact": null,
 *       "name": null,
 *       "tag": null,
 *       "landmark": null
 *     },
 *     "shipping_address": null
 *   },
 *   "order_id": "order_1Aa00000000001",
 *   "subscription_id": null,
 *   "payment_id": null,
 *   "line_items": [
 *     {
 *       "item_id": null,
 *       "ref_id": null,
 *       "ref_type": null,
 *       "currency": "INR",
 *       "type": "invoice",
 *       "hsn_code": null,
 *       "unit": null,
 *       "taxes": [],
 *       "id": "li_1Aa00000000001",
 *       "name": "Annual maintenance",
 *       "description": null,
 *       "amount": 100000,
 *       "unit_amount": 100000,
 *       "gross_amount": 100000,
 *       "tax_amount": 18000,
 *       "taxable_amount": 100000,
 *       "net_amount": 118000,
 *       "tax_inclusive": false,
 *       "sac_code": "998713",
 *       "tax_rate": 18,
 *       "quantity": 1
 *     },
 *     {
 *       "item_id": null,
 *       "ref_id": null,
 *       "ref_type": null,
 *       "currency": "INR",
 *       "type": "invoice",
 *       "hsn_code": null,
 *       "unit": null,
 *       "taxes": [],
 *       "id": "li_1Aa00000000002",
 *       "name": "Water filter cartridge",
 *       "description": null,
 *       "amount": 1000,
 *       "unit_amount": 1000,
 *       "gross_amount": 3000,
 *       "tax_amount": 143,
 *       "taxable_amount": 2857,
 *       "net_amount": 3000,
 *       "tax_inclusive": true,
 *       "sac_code": null,
 *       "tax_rate": 5,
 *       "quantity": 3
 *     }
 *   ],
 *   "status": "issued",
 *   "expire_by": 1739615400,
 *   "issued_at": 1736937000,
 *   "paid_at": null,
 *   "cancelled_at": null,
 *   "expired_at": null,
 *   "date": 1736937000,
 *   "sms_status": "pending",
 *   "email_status": "pending",
 *   "partial_payment": false,
 *   "gross_amount": 103000,
 *   "tax_amount": 18143,
 *   "taxable_amount": 102857,
 *   "amount": 121000,
 *   "amount_paid": 0,
 *   "amount_due": 121000,
 *   "currency": "INR",
 *   "currency_symbol": "₹",
 *   "description": "Water purifier service, 2025",
 *   "short_url": "https://api.example.com/i/inv_1Aa00000000001",
 *   "terms": null,
 *   "comment": null,
 *   "notes": {
 *     "project": "AMC 2025"
 *   },
 *   "view_less": true,
 *   "group_taxes_discounts": false,
 *   "billing_start": null,
 *   "billing_end": null,
 *   "created_at": 1736937000,
 *   "idempotency_key": null,
 *   "ref_num": null,
 *   "user_id": null
 * }
 */
export interface InvoiceEntity {
  /** @example "inv_1Aa00000000001" */
  id: string;
  entity: 'invoice';
  /** `link`: a payment link (issuable without a customer). */
  type: InvoiceType;
  /** The same as `receipt`. */
  invoice_number: string | null;
  receipt: string | null;
  /**
   * The billing customer the invoice is for (see `customer_details.id`); a subscription's invoices
   * name the subscription's customer, its authorization invoice once that is paid.
   */
  customer_id: string | null;
  /**
   * Copied when the invoice was written: changing the customer later changes no invoice. All null
   * without a customer.
   */
  customer_details: InvoiceCustomerDetails;
  /**
   * The order the invoice is paid through, from its issue on; null for a draft.
   *
   * @example "order_1Aa00000000001"
   */
  order_id: string | null;
  /** A subscription's cycle invoice: the subscription. Null for invoices made with this API. */
  subscription_id: string | null;
  /** The latest captured payment (the one that paid it, once paid). */
  payment_id: string | null;
  line_items: LineItemEntity[];
  status: InvoiceStatus;
  /** Unix seconds: still unpaid then, the invoice expires. */
  expire_by: number | null;
  /** Unix seconds */
  issued_at: number | null;
  /** Unix seconds */
  paid_at: number | null;
  /** Unix seconds */
  cancelled_at: number | null;
  /** Unix seconds */
  expired_at: number | null;
  /**
   * The date written on the invoice (Unix seconds); without one, its creation time (a draft has it
   * too).
   */
  date: number | null;
  /**
   * `pending` from the issue when `sms_notify` is on and the customer has a contact; `sent` once
   * sent (by the platform right after the issue, or by notify_by/sms).
   */
  sms_status: NotificationStatus | null;
  /**
   * `pending` from the issue when `email_notify` is on and the customer has an email; `sent` once
   * sent.
   */
  email_status: NotificationStatus | null;
  partial_payment: boolean;
  /**
   * Always null: an invoice sets no minimum for its first partial payment (each payment is at least
   * 100, or all that is due).
   */
  first_payment_min_amount: null;
  /** The sum of the lines' gross amounts. */
  gross_amount: number;
  /** The sum of the lines' tax amounts. */
  tax_amount: number;
  /** The sum of the lines' taxable amounts. */
  taxable_amount: number;
  /** What the customer pays: the sum of the lines' net amounts (taxable + tax). */
  amount: number;
  /** The sum of the captured payments. */
  amount_paid: number;
  /** amount − amount_paid. */
  amount_due: number;
  currency: CurrencyCode;
  /**
   * ₹, $, € or £; null for the other currencies.
   *
   * @example "₹"
   */
  currency_symbol: string | null;
  description: string | null;
  /**
   * The invoice page, `<public base URL>/i/<invoice id>`: an HTML page served by the gateway **without
   * authentication**, to share with the customer (the id is unguessable). Null for a draft, which
   * has no page.
   *
   * @example "https://api.example.com/i/inv_1Aa00000000001"
   *
   * @format uri
   */
  short_url: string | null;
  terms: string | null;
  comment: string | null;
  notes: Notes;
  view_less: true;
  group_taxes_discounts: false;
  /** A subscription's cycle invoice: the start of the cycle billed (Unix seconds). */
  billing_start: number | null;
  /** A subscription's cycle invoice: the end of the cycle billed (Unix seconds). */
  billing_end: number | null;
  /** Unix seconds */
  created_at: number;
  idempotency_key: null;
  ref_num: null;
  /** The dashboard user who created the invoice: API keys act for no user. */
  user_id: null;
  /** No payment reminders are sent (a dashboard setting at Razorpay). */
  reminder_status: null;
  /** Null, as in Razorpay's invoice samples, a subscription's invoice included. */
  subscription_status: null;
  /** No GST place of supply is taken for an invoice. */
  supply_state_code: null;
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
export type PublishedInvoiceEvent =
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

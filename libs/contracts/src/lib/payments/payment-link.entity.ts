import type { CurrencyCode, Notes } from '../api-values';
import type { OrderEntity } from './order.entity';
import type { PaymentMethod } from './payment.entity';

/**
 * The value lists of a payment link, written once for the payments service and the OpenAPI
 * document. `created` → `partially_paid` (a partial payment captured) → `paid`; `created` or
 * `partially_paid` → `expired` (its `expire_by` passed); `created` → `cancelled`.
 */
export const PAYMENT_LINK_STATUSES = [
  'created',
  'partially_paid',
  'paid',
  'cancelled',
  'expired',
] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/** How a payment link is sent to its customer (POST /v1/payment_links/{id}/notify_by/{medium}). */
export const PAYMENT_LINK_NOTIFY_MEDIA = ['sms', 'email'] as const;
export type PaymentLinkNotifyMedium = (typeof PAYMENT_LINK_NOTIFY_MEDIA)[number];

/** `callback_method` when a `callback_url` is given: the customer's browser GETs it. */
export const PAYMENT_LINK_CALLBACK_METHODS = ['get'] as const;
export type PaymentLinkCallbackMethod = (typeof PAYMENT_LINK_CALLBACK_METHODS)[number];

/** What the link's order says it belongs to (`product_type`), as Razorpay's orders of links do. */
export const PAYMENT_LINK_PRODUCT_TYPE = 'payment_link_v2' satisfies OrderEntity['product_type'];

/** The customer a link is for, as given at creation (only the fields given). */
export interface PaymentLinkCustomerEntity {
  /** @example "Gaurav Kumar" */
  name?: string;
  /** @example "gaurav.kumar@example.com" */
  email?: string;
  /** @example "+919000090000" */
  contact?: string;
}

/** Whether the platform sends the link itself at creation (true), or you do (false). */
export interface PaymentLinkNotifyEntity {
  sms: boolean;
  email: boolean;
  /** Not offered: always false. */
  whatsapp: boolean;
}

/** A captured payment of the link. */
export interface PaymentLinkPaymentEntity {
  /** @example "pay_1Aa00000000002" */
  payment_id: string;
  /** @example "plink_1Aa00000000001" */
  plink_id: string;
  /** @example 50000 */
  amount: number;
  method: PaymentMethod;
  /** Only captured payments are listed. */
  status: 'captured';
  /** When the payment was made, Unix seconds. */
  created_at: number;
  /** When it was captured, Unix seconds. */
  updated_at: number;
}

/**
 * A payment link as the API shows it. As on Razorpay the entity has no `entity` key. Its payments
 * go through an order of its own (`order_id`, made with the link), whose `product_type` is
 * `payment_link_v2` and `product_id` the link's id.
 */
export interface PaymentLinkEntity {
  /** @example "plink_1Aa00000000001" */
  id: string;
  /**
   * What the link asks for, in the smallest currency unit.
   *
   * @example 50000
   */
  amount: number;
  /** The sum of the link's captured payments. */
  amount_paid: number;
  currency: CurrencyCode;
  status: PaymentLinkStatus;
  /** Several payments may add up to the amount. */
  accept_partial: boolean;
  /** With `accept_partial`: the least the first payment may be; 0 when not set. */
  first_min_partial_amount: number;
  /** @example "Payment for policy no #23456" */
  description: string | null;
  /**
   * Your reference, unique among the links of the account and mode; `""` when none was given.
   *
   * @example "TS1989"
   */
  reference_id: string;
  customer: PaymentLinkCustomerEntity;
  notify: PaymentLinkNotifyEntity;
  reminder_enable: boolean;
  /** Reminders are not sent: `{status: "failed"}` with `reminder_enable`, `[]` without. */
  reminders: { status: 'failed' } | [];
  /** null when the link has none. */
  notes: Notes | null;
  /**
   * Where the customer's browser is sent after paying (with `callback_method` `get`); null when
   * none.
   *
   * @format uri
   */
  callback_url: string | null;
  callback_method: PaymentLinkCallbackMethod | null;
  /** A UPI payment link (live mode only, INR, no partial payments). */
  upi_link: boolean;
  /** Not offered: always false. */
  whatsapp_link: boolean;
  /**
   * The link's page, to send to the customer.
   *
   * @example "https://api.example.com/l/plink_1Aa00000000001"
   *
   * @format uri
   */
  short_url: string;
  /**
   * The order the link's payments go through.
   *
   * @example "order_1Aa00000000001"
   */
  order_id: string;
  /** The link's captured payments, oldest first; null until the first one. */
  payments: PaymentLinkPaymentEntity[] | null;
  /** When the link expires, Unix seconds; 0 when no `expire_by` was given (it expires six months after its creation). */
  expire_by: number;
  /** Unix seconds; 0 unless expired. */
  expired_at: number;
  /** Unix seconds; 0 unless cancelled. */
  cancelled_at: number;
  /** Unix seconds */
  created_at: number;
  /** Unix seconds: the last change (a payment, an edit, a cancellation, its expiry). */
  updated_at: number;
  /** Razorpay's dashboard user who made the link: `""` for links made through the API. */
  user_id: string;
  /** `""`: made through the API. */
  source: string;
  /** `""`: made through the API. */
  source_id: string;
}

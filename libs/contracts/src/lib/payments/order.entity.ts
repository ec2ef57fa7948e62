import type { CurrencyCode, Notes } from '../api-values';
/** `created` → `attempted` (first attempt) → `paid` (captured payments cover the amount). */
export const ORDER_STATUSES = ['created', 'attempted', 'paid'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order as the API shows it (`entity: "order"`); `amount_due` = `amount` − `amount_paid`. */
export interface OrderEntity {
  /** @example "order_1Aa00000000001" */
  id: string;
  entity: 'order';
  /**
   * What the order is for, in the smallest currency unit.
   *
   * @example 50000
   */
  amount: number;
  /**
   * The sum of the captured payments of the order (authorized payments do not count until
   * captured).
   */
  amount_paid: number;
  /** `amount` − `amount_paid`. */
  amount_due: number;
  currency: CurrencyCode;
  /** Your reference: unique among the orders of the account and mode. */
  receipt: string | null;
  /** Offers are not supported: always null. */
  offer_id: string | null;
  /**
   * `created`: no payment tried yet. `attempted`: at least one payment was tried (failed ones
   * included) and the order is not paid. `paid`: captured payments cover the amount.
   */
  status: OrderStatus;
  /** How many payments were tried on the order, failed ones included. */
  attempts: number;
  notes: Notes;
  partial_payment: boolean;
  first_payment_min_amount: number | null;
  /**
   * What the order belongs to: `payment_link_v2` for the order of a payment link (whose payments
   * go through it); null for an order made through the API or for a billing invoice.
   */
  product_type: 'payment_link_v2' | null;
  /**
   * The id of what the order belongs to: the payment link's; null with `product_type` null.
   *
   * @example "plink_1Aa00000000001"
   */
  product_id: string | null;
  /** Unix seconds */
  created_at: number;
}

import type { CurrencyCode, Notes } from '../api-values';
import type { IntegrationEvent } from '../envelope';
import type { PaymentMethod } from '../payments/payment.entity';
import type { PaymentRejection } from './payment-rejection';

export const SUBSCRIPTION_STATUSES = [
  'created',
  'authenticated',
  'active',
  'pending',
  'halted',
  'paused',
  'cancelled',
  'completed',
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * **Lifecycle.** `created` (awaiting authorization) → `authenticated` (authorized, by its add-ons
 * or a token payment; waits for `start_at`) → `active` (the latest cycle is paid). Without
 * `start_at` the authorization goes straight to `active`. A cycle's automatic charge that fails
 * makes it `pending`: the charge is retried 1, 2 and 3 days after each failure in turn (1, 3 and 6
 * days after the first when every retry fails at once); a successful retry makes it `active` again,
 * a failure of the third retry makes it `halted`. A halted subscription still bills its cycles at
 * each `charge_at` (the invoice is issued) but charges nothing automatically: it becomes `active`
 * again when the customer pays the open cycle's invoice himself. A new cycle replaces an unpaid one
 * as the open cycle: the old cycle is not charged again, and only the open cycle's invoice counts
 * towards the subscription. `paused`: POST /v1/subscriptions/{id}/pause of an `active`
 * subscription; no cycle is billed until it is resumed (pausing an `authenticated` one cancels it).
 * `cancelled`: POST /v1/subscriptions/{id}/cancel, now or at the end of the cycle. `completed`: its
 * last cycle (`total_count`) is paid, or that cycle ends unpaid. `expired`: still `created` at its
 * `expire_by`. The last three are final: nothing changes them ("The subscription is already
 * cancelled."), and they take no add-ons ("The subscription is cancelled: it takes no add-ons.").
 * Cancelling or expiring a subscription that was never authorized (still `created`) also cancels
 * its authorization invoice (the first cycle's without `start_at`, the upfront add-ons' with it),
 * in the same step, so it can no longer be paid. Every timer (the next cycle at `charge_at`, a
 * retry, `expire_by`) runs on the account's clock: in test mode POST /v1/simulator/clock/advance
 * moves it, and POST /v1/simulator/subscriptions/{id}/decline_charges makes the simulated bank
 * decline the next automatic charges.
 *
 * **Authorization.** A new subscription is `created`: the customer authorizes it with one payment
 * on its authorization order, and the instrument of that payment (card, UPI address, bank or
 * wallet, never the card number) is saved to charge the later cycles. Without `start_at`, the
 * authorization payment **is the first cycle's charge**: the first invoice (the plan's amount ×
 * `quantity`, plus the upfront `addons`, less the discount of an `offer_id`) is issued with the
 * subscription and paid by it; cycle 1 starts when it is captured, and the subscription goes
 * `authenticated` and `active` at once. With `start_at` and upfront `addons`, the authorization
 * payment **pays the add-ons**: an invoice of their lines alone (no cycle, no offer) is issued with
 * the subscription and paid by it, and kept. With `start_at` and no add-ons, the customer pays a **token
 * payment of 100** (₹1 in INR), refunded in full as soon as it is captured. Either way the
 * subscription is then `authenticated` and cycle 1 is billed and charged at `start_at`. The payer
 * of the authorization (by the payment's email and contact) becomes the subscription's
 * `customer_id`, named on the authorization invoice too. The subscription's `short_url` is its
 * page, to share with the customer. In test mode, POST /v1/simulator/payments with
 * `subscription_id` pays the authorization with a test instrument (a declined one counts in
 * `auth_attempts` and leaves the subscription `created`, to try again). Once authorized,
 * `customer_id` is the account's customer whose email and contact are those of the authorization
 * payment (null when there is none), and `payment_method` its method.
 *
 * **Cycles and invoices.** A cycle is the plan's `interval` periods long (monthly cycles are
 * calendar months from the first cycle's start, the day clamped to the month's end; daily and
 * weekly ones whole days). At `charge_at`, the end of the current cycle, the next cycle is billed:
 * its invoice (a line for the plan's item × `quantity`, a line of `type: addon` for each add-on
 * added since the last invoice, a `discount` line when an offer applies to the cycle; no tax,
 * `subscription_id`, `billing_start` and `billing_end` set, no sms or email) is issued and the
 * saved instrument is charged on its order, captured at once. Every cycle's invoice, the first
 * included, is listed by GET /v1/invoices?subscription_id=<id>. `paid_count` counts the cycles
 * paid; `remaining_count` = `total_count` − the cycles billed (a billed cycle counts while unpaid).
 * The mode's acquirer answers the charge (the test bank in test mode); live mode has no acquirer
 * configured yet, so its cycles are billed but not charged automatically.
 *
 * **Add-ons.** One-off charges on a subscription: upfront `addons` at creation are charged by the
 * authorization payment (on the first cycle's invoice, or, with `start_at`, on an invoice of their
 * own); POST /v1/subscriptions/{id}/addons adds one later, charged on the subscription's **next
 * cycle invoice** (a line of `type: addon`, name, description, amount and quantity as given), which
 * then sets its `invoice_id`. While `invoice_id` is null it waits for that invoice and DELETE
 * /v1/addons/{id} removes it; once invoiced it can no longer be deleted. A subscription still
 * `created` without `start_at` has its first invoice issued already, so its add-ons go on the
 * second cycle; a paused one bills no cycle until it is resumed. A final subscription (cancelled,
 * completed, expired) takes no add-ons.
 *
 * **Offers.** An offer is a discount on a subscription's cycles, made by the merchant through the
 * admin API (`/admin/v1/accounts/{id}/offers`, not part of this document): a percentage
 * (`discount_percent`, optionally capped by `max_discount`) or a flat `discount_amount`, in one
 * currency, for the subscription's first `cycles` cycles (counted from its cycle 1, whenever the
 * offer was linked) or, without `cycles`, for all of them. Link one with `offer_id` at creation or
 * in a PATCH (only an active offer of the account, in the plan's currency); the subscription's
 * `offer_id` shows it. An unknown offer (or one of another account or mode): "The id provided does
 * not exist"; an inactive one: "The offer is inactive."; one in another currency: "The offer is in
 * USD, not the plan currency INR." (all field `offer_id`). Each cycle the offer applies to is
 * discounted on its invoice, the first included: a percentage of the cycle's amount (the plan's
 * line plus its add-ons) rounded half up, at most `max_discount`, or the flat amount, but never so
 * much that the cycle costs less than 100 (a cycle of 100 or less is not discounted). The discount
 * is a line of `type: discount` with a negative amount (the offer's name, description `Offer
 * <offer_id>`, `item_id` the offer id, quantity 1). An offer deactivated later stays on the
 * subscriptions that have it; DELETE /v1/subscriptions/{id}/{offer_id} removes it from one, and the
 * cycles billed after that are not discounted (an invoice issued already keeps its discount).
 *
 * Each change is published on the Kafka topic `billing.subscription`, keyed by the subscription id,
 * with the subscription after the change: `subscription.created` (also `authorization`: `{order_id,
 * amount, currency, invoice_id, refund}`, the order the customer pays to authorize it: its
 * invoice's (the first cycle's, or the upfront add-ons' when it starts at `start_at`), or a token
 * payment's with `invoice_id` null and `refund` true), `subscription.authenticated`,
 * `subscription.activated`, `subscription.charged` (also `invoice_id` and `payment_id` of the cycle
 * paid), `subscription.pending`, `subscription.halted`, `subscription.paused`,
 * `subscription.resumed`, `subscription.updated` (a change made now, or a scheduled change
 * applied), `subscription.cancelled`, `subscription.completed` and `subscription.expired`.
 *
 * @example {
 *   "id": "sub_1Aa00000000001",
 *   "entity": "subscription",
 *   "plan_id": "plan_1Aa00000000001",
 *   "customer_id": null,
 *   "status": "created",
 *   "current_start": null,
 *   "current_end": null,
 *   "ended_at": null,
 *   "quantity": 1,
 *   "notes": {
 *     "notes_key_1": "Tea, Earl Grey, Hot"
 *   },
 *   "charge_at": null,
 *   "start_at": null,
 *   "end_at": null,
 *   "auth_attempts": 0,
 *   "total_count": 12,
 *   "paid_count": 0,
 *   "customer_notify": true,
 *   "created_at": 1736937000,
 *   "expire_by": 1739615400,
 *   "short_url": "https://api.example.com/s/sub_1Aa00000000001",
 *   "has_scheduled_changes": false,
 *   "change_scheduled_at": null,
 *   "source": "api",
 *   "payment_method": null,
 *   "offer_id": null,
 *   "remaining_count": 12,
 *   "paused_at": null,
 *   "pause_initiated_by": null
 * }
 */
export interface SubscriptionEntity {
  /** @example "sub_1Aa00000000001" */
  id: string;
  entity: 'subscription';
  /**
   * The plan each cycle charges (a PATCH may change it).
   *
   * @example "plan_1Aa00000000001"
   */
  plan_id: string;
  /**
   * Null until authorized; then the customer who paid the authorization: the account's customer
   * with the payment's email and contact, or a new one made from them (null only for a payment with
   * neither).
   */
  customer_id: string | null;
  status: SubscriptionStatus;
  /** The start of the latest cycle billed (Unix seconds); null before the first. */
  current_start: number | null;
  /** The end of the latest cycle billed (Unix seconds): when the next is billed. */
  current_end: number | null;
  /** When the subscription was cancelled, completed or expired (Unix seconds). */
  ended_at: number | null;
  /**
   * How many units of the plan each cycle charges.
   *
   * @minimum 1
   *
   * @maximum 1000
   */
  quantity: number;
  notes: Notes;
  /**
   * When the next cycle is billed and charged (Unix seconds): `start_at` before the first cycle,
   * then the end of the current one. Null when no cycle is due: awaiting authorization without
   * `start_at`, paused, or ended.
   */
  charge_at: number | null;
  /**
   * The `start_at` asked for; without one, the start of the first cycle (the authorization), null
   * until then.
   */
  start_at: number | null;
  /**
   * The end of the last cycle (`total_count` cycles, Unix seconds); null until the first cycle
   * starts.
   */
  end_at: number | null;
  /** How many authorization payments failed. */
  auth_attempts: number;
  /** How many cycles are billed in all. */
  total_count: number;
  /** How many cycles are paid. */
  paid_count: number;
  /**
   * Whether the platform tells the customer: as sent at creation (default true), or by the latest
   * update that sent it. While true, a subscription link is sent to `notify_info`, and each change
   * by PATCH is told to `notify_info` or else to the customer.
   */
  customer_notify: boolean;
  /** Unix seconds */
  created_at: number;
  /**
   * The deadline for the authorization (Unix seconds): still `created` then, the subscription
   * expires.
   */
  expire_by: number | null;
  /**
   * The subscription's page, `<public base URL>/s/<subscription id>`: an HTML page served by the
   * gateway **without authentication**, to share with the customer (the id is unguessable).
   *
   * @example "https://api.example.com/s/sub_1Aa00000000001"
   *
   * @format uri
   */
  short_url: string;
  /**
   * A change is stored for the end of the current cycle (PATCH with `schedule_change_at:
   * cycle_end`).
   */
  has_scheduled_changes: boolean;
  /** When the stored change applies: the end of the cycle it was stored in (Unix seconds). */
  change_scheduled_at: number | null;
  source: 'api';
  /**
   * The method of the authorization payment; the later cycles are charged with the instrument it
   * saved.
   */
  payment_method: PaymentMethod | null;
  /**
   * The offer linked (at creation or by PATCH) that discounts its cycles; null when none, or once
   * removed.
   *
   * @example "offer_1Aa00000000001"
   */
  offer_id: string | null;
  /** total_count − the cycles billed so far (a billed cycle counts while unpaid). */
  remaining_count: number;
  /** When the subscription was paused (Unix seconds); null when it is not paused. */
  paused_at: number | null;
  /** `self` while paused by POST /v1/subscriptions/{id}/pause. */
  pause_initiated_by: 'self' | null;
}

/**
 * What the customer pays to authorize a subscription: an invoice (the first cycle's, or, for one that
 * starts later, its upfront add-ons'), or a token payment refunded at once.
 */
export interface SubscriptionAuthorizationEntity {
  order_id: string;
  amount: number;
  currency: CurrencyCode;
  invoice_id: string | null;
  /** A token payment: refunded as soon as it is captured. */
  refund: boolean;
}

export type SubscriptionPublishedType =
  | 'subscription.created'
  | 'subscription.authenticated'
  | 'subscription.activated'
  | 'subscription.charged'
  | 'subscription.pending'
  | 'subscription.halted'
  | 'subscription.paused'
  | 'subscription.resumed'
  | 'subscription.updated'
  | 'subscription.cancelled'
  | 'subscription.completed'
  | 'subscription.expired'
  | 'subscription.payment_rejected';

/**
 * On `billing.subscription`, keyed by subscription id: the subscription after the change.
 * `subscription.created` also carries the authorization the payments service collects;
 * `subscription.charged` the invoice and payment of the cycle; `subscription.payment_rejected` the
 * authorization payment that arrived after the subscription ended, which payments refunds in full.
 */
export type PublishedSubscriptionEvent = IntegrationEvent<
  SubscriptionPublishedType,
  {
    subscription: SubscriptionEntity;
    authorization?: SubscriptionAuthorizationEntity;
    invoice_id?: string;
    payment_id?: string;
    rejection?: PaymentRejection;
  }
>;

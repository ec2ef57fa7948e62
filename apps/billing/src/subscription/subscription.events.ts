import type { Event } from '@platform/domain-kit';
import type { PlanPeriod } from '../common/plan-period';

/** A snapshot of the plan when it was chosen (plans never change once made): what each cycle charges per unit. */
export interface SubscriptionPlan {
  planId: string;
  amount: number;
  currency: string;
  period: PlanPeriod;
  interval: number;
}

export interface NotifyInfo {
  notifyPhone: string | null;
  notifyEmail: string | null;
}

export interface SubscriptionTerms {
  plan: SubscriptionPlan;
  quantity: number;
  /** How many cycles are billed in all. */
  totalCount: number;
  /** When the first cycle starts; null: right after authorization (the authorization payment is its charge). */
  startAt: number | null;
  /** The deadline for authorization: a subscription still created then expires. */
  expireBy: number | null;
  customerNotify: boolean;
  notifyInfo: NotifyInfo | null;
  offerId: string | null;
  notes: Record<string, string | number>;
}

/** A change by PATCH: applied now, or stored and applied when the current cycle ends. */
export interface SubscriptionChange {
  plan?: SubscriptionPlan;
  quantity?: number;
  /** The cycles still to bill: the total becomes the cycles billed so far plus this. */
  remainingCount?: number;
  /** null removes the offer. */
  offerId?: string | null;
  /** Only before the first cycle, and only now. */
  startAt?: number;
  /** The cycles billed in all (as remainingCount sets it, counted from the start). */
  totalCount?: number;
}

/** The order the customer pays to authorize the subscription (a mandate or a card token). */
export interface Authorization {
  orderId: string;
  amount: number;
  /**
   * What the authorization payment pays: without start_at, the first cycle's invoice; with start_at,
   * the upfront add-ons' invoice (no cycle), or null for a token payment (refunded).
   */
  invoiceId: string | null;
}

/** Where a subscription's cycles are counted from: `cycles` cycles after `at` is cycle `cyclesBefore + cycles` ending. */
export interface CycleAnchor {
  at: number;
  cyclesBefore: number;
}

/** Every time in these events: milliseconds since the epoch; `at` is when the event happened. */
export type SubscriptionCreated = Event<
  'SubscriptionCreated',
  {
    subscriptionId: string;
    terms: SubscriptionTerms;
    authorization: Authorization;
    createdAt: number;
  }
>;

export type SubscriptionAuthorizationFailed = Event<
  'SubscriptionAuthorizationFailed',
  { paymentId: string; at: number }
>;

/** An authorization payment captured after the subscription ended: payments refunds it. */
export type SubscriptionPaymentRejected = Event<
  'SubscriptionPaymentRejected',
  {
    paymentId: string;
    reason: 'subscription_cancelled' | 'subscription_completed' | 'subscription_expired';
    at: number;
  }
>;

/** The authorization payment was captured: the customer's payment method can now be charged. */
export type SubscriptionAuthenticated = Event<
  'SubscriptionAuthenticated',
  { paymentId: string; customerId: string | null; method: string; at: number }
>;

export type SubscriptionActivated = Event<'SubscriptionActivated', { at: number }>;

/** A cycle began and its invoice was issued; `chargeAutomatically` is false for a halted subscription (the customer pays it himself). */
export type SubscriptionCycleBilled = Event<
  'SubscriptionCycleBilled',
  {
    invoiceId: string;
    cycle: number;
    start: number;
    end: number;
    chargeAutomatically: boolean;
    anchor: CycleAnchor;
    at: number;
  }
>;

export type SubscriptionCharged = Event<
  'SubscriptionCharged',
  { invoiceId: string; paymentId: string; cycle: number; at: number }
>;

/** `attempt`: how many charges of this cycle have failed; `retryAt`: when the next retry is due, null when none is. */
export type SubscriptionChargeFailed = Event<
  'SubscriptionChargeFailed',
  { invoiceId: string; paymentId: string; attempt: number; retryAt: number | null; at: number }
>;

export type SubscriptionPending = Event<'SubscriptionPending', { at: number }>;

export type SubscriptionHalted = Event<'SubscriptionHalted', { at: number }>;

/** The open cycle is to be charged again: this is charge `attempt` of it. */
export type SubscriptionChargeRetried = Event<
  'SubscriptionChargeRetried',
  { invoiceId: string; attempt: number; at: number }
>;

export type SubscriptionPaused = Event<'SubscriptionPaused', { at: number }>;

/** `chargeAt`: when the next cycle is billed (the current cycle's end, or at once when it has passed). */
export type SubscriptionResumed = Event<'SubscriptionResumed', { chargeAt: number; at: number }>;

export type SubscriptionCancellationScheduled = Event<
  'SubscriptionCancellationScheduled',
  { cancelAt: number; at: number }
>;

export type SubscriptionCancelled = Event<'SubscriptionCancelled', { at: number }>;

export type SubscriptionCompleted = Event<'SubscriptionCompleted', { at: number }>;

export type SubscriptionExpired = Event<'SubscriptionExpired', { at: number }>;

/** A change applied at once. */
export type SubscriptionUpdated = Event<
  'SubscriptionUpdated',
  { change: SubscriptionChange; at: number }
>;

/** A change stored until `changeAt`, the current cycle's end; it replaces any change stored before. */
export type SubscriptionChangeScheduled = Event<
  'SubscriptionChangeScheduled',
  { change: SubscriptionChange; changeAt: number; at: number }
>;

/** The scheduled change, applied as a cycle starts. */
export type SubscriptionChangeApplied = Event<
  'SubscriptionChangeApplied',
  { change: SubscriptionChange; at: number }
>;

export type SubscriptionScheduledChangesCancelled = Event<
  'SubscriptionScheduledChangesCancelled',
  { at: number }
>;

/** customer_notify set by an update: whether the platform tells the customer (of changes, from now on). */
export type SubscriptionCustomerNotifySet = Event<
  'SubscriptionCustomerNotifySet',
  { customerNotify: boolean; at: number }
>;

/** notes set by an update: replaced at once (they are the integrator's, not the customer's terms). */
export type SubscriptionNotesSet = Event<
  'SubscriptionNotesSet',
  { notes: Record<string, string | number>; at: number }
>;

export type SubscriptionOfferRemoved = Event<
  'SubscriptionOfferRemoved',
  { offerId: string; at: number }
>;

export type SubscriptionEvent =
  | SubscriptionCreated
  | SubscriptionAuthorizationFailed
  | SubscriptionPaymentRejected
  | SubscriptionAuthenticated
  | SubscriptionActivated
  | SubscriptionCycleBilled
  | SubscriptionCharged
  | SubscriptionChargeFailed
  | SubscriptionPending
  | SubscriptionHalted
  | SubscriptionChargeRetried
  | SubscriptionPaused
  | SubscriptionResumed
  | SubscriptionCancellationScheduled
  | SubscriptionCancelled
  | SubscriptionCompleted
  | SubscriptionExpired
  | SubscriptionUpdated
  | SubscriptionChangeScheduled
  | SubscriptionChangeApplied
  | SubscriptionScheduledChangesCancelled
  | SubscriptionCustomerNotifySet
  | SubscriptionNotesSet
  | SubscriptionOfferRemoved;

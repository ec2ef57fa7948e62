import type { Command } from '@platform/domain-kit';
import type { Authorization, SubscriptionChange, SubscriptionTerms } from './subscription.events';

export type CreateSubscription = Command<
  'CreateSubscription',
  { subscriptionId: string; terms: SubscriptionTerms; authorization: Authorization }
>;

/** The authorization payment was captured (a repeat of the same payment changes nothing). */
export type AuthorizeSubscription = Command<
  'AuthorizeSubscription',
  { paymentId: string; orderId: string; customerId: string | null; method: string }
>;

export type RecordAuthorizationFailure = Command<
  'RecordAuthorizationFailure',
  { paymentId: string }
>;

/** From the timer set at `chargeAt`: ends the current cycle and bills the next under `invoiceId` (see upcomingCycle). */
export type BillCycle = Command<'BillCycle', { invoiceId: string; at: number }>;

/** The open cycle's invoice was paid. */
export type RecordCycleCharge = Command<
  'RecordCycleCharge',
  { invoiceId: string; paymentId: string }
>;

/** A charge of the open cycle's invoice failed. */
export type RecordCycleChargeFailure = Command<
  'RecordCycleChargeFailure',
  { invoiceId: string; paymentId: string }
>;

/** From the timer set by a failure: `attempt` is the failure it retries. */
export type RetryCycleCharge = Command<'RetryCycleCharge', { invoiceId: string; attempt: number }>;

export type PauseSubscription = Command<'PauseSubscription', Record<string, never>>;

export type ResumeSubscription = Command<'ResumeSubscription', Record<string, never>>;

export type CancelSubscription = Command<'CancelSubscription', { atCycleEnd: boolean }>;

/**
 * `customerNotify`, `notes`: the customer_notify and notes sent, if any (they take effect at once,
 * whatever `scheduleChangeAt`).
 */
export type UpdateSubscription = Command<
  'UpdateSubscription',
  {
    change: SubscriptionChange;
    scheduleChangeAt: 'now' | 'cycle_end';
    customerNotify?: boolean;
    notes?: Record<string, string | number>;
  }
>;

export type CancelScheduledChanges = Command<'CancelScheduledChanges', Record<string, never>>;

export type RemoveOffer = Command<'RemoveOffer', { offerId: string }>;

/** From the timer set at `expireBy`. */
export type ExpireSubscription = Command<'ExpireSubscription', { at: number }>;

export type SubscriptionCommand =
  | CreateSubscription
  | AuthorizeSubscription
  | RecordAuthorizationFailure
  | BillCycle
  | RecordCycleCharge
  | RecordCycleChargeFailure
  | RetryCycleCharge
  | PauseSubscription
  | ResumeSubscription
  | CancelSubscription
  | UpdateSubscription
  | CancelScheduledChanges
  | RemoveOffer
  | ExpireSubscription;

/** A command as a use case names it, before the service stamps it with the caller and the clock. */
export type UnstampedSubscriptionCommand = SubscriptionCommand extends infer C
  ? C extends SubscriptionCommand
    ? Omit<C, 'metadata'>
    : never
  : never;

import type { FinalStatus, SubscriptionStatus } from './subscription-status';
import type {
  Authorization,
  CycleAnchor,
  SubscriptionChange,
  SubscriptionTerms,
} from './subscription.events';

// The subscription's state: apart from the decider so that decide/* and the helpers the decider uses
// (subscription-cycle, subscription-change) never import it back.

/** The cycle billed and not yet paid. */
export interface OpenCycle {
  invoiceId: string;
  cycle: number;
  /** How many charges of it have failed. */
  failedAttempts: number;
  failedPayments: readonly string[];
  /** How many retries of it were started (a repeated retry timer starts none). */
  retries: number;
}

/** What a subscription holds whatever its status. */
interface SubscriptionRecord {
  terms: SubscriptionTerms;
  customerId: string | null;
  paymentMethod: string | null;
  authorization: Authorization;
  authorizationPaymentId: string | null;
  authAttempts: number;
  /** The authorization payments that failed (a repeated failure records nothing). */
  failedAuthorizations: readonly string[];
  /** Where the cycles are counted from (see cycleBounds); null until cycle 1 starts. */
  anchor: CycleAnchor | null;
  /** The plan the anchor counts cycles of: a cycle starting under another plan sets a new anchor. */
  anchorPlanId: string | null;
  billedCount: number;
  paidCount: number;
  currentStart: number | null;
  currentEnd: number | null;
  /** When the next cycle is billed (BillCycle's timer); null when none will be. */
  chargeAt: number | null;
  openCycle: OpenCycle | null;
  chargedInvoices: readonly string[];
  scheduledChange: SubscriptionChange | null;
  /** When the scheduled change applies: the end of the cycle it was scheduled in. */
  changeScheduledAt: number | null;
  cancelAtCycleEnd: boolean;
  createdAt: number;
}

/** Not paused and not ended: neither has a date. */
export interface RunningSubscription extends SubscriptionRecord {
  status: Exclude<SubscriptionStatus, 'paused' | FinalStatus>;
  pausedAt: null;
  endedAt: null;
}

export interface PausedSubscription extends SubscriptionRecord {
  status: 'paused';
  pausedAt: number;
  endedAt: null;
}

/** Cancelled, completed or expired; `pausedAt` stays when it ended while paused. */
export interface EndedSubscription extends SubscriptionRecord {
  status: FinalStatus;
  pausedAt: number | null;
  endedAt: number;
}

/**
 * A subscription that exists, by status: only a paused one has a pause date and only an ended one
 * an end date. Every variant has the same fields, so the subscriptions read model's `state` (this
 * object) keeps its shape.
 */
export type LiveSubscription = RunningSubscription | PausedSubscription | EndedSubscription;

export type Subscription = { status: 'new' } | LiveSubscription;

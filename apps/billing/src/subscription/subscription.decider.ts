import { assertUnreachable } from '@platform/domain-kit';
import type { Decider } from '@platform/domain-kit';
import { authorize } from './decide/authorize-subscription';
import { billCycle } from './decide/bill-cycle';
import { cancelScheduledChanges } from './decide/cancel-scheduled-changes';
import { cancel } from './decide/cancel-subscription';
import { create } from './decide/create-subscription';
import { expire } from './decide/expire-subscription';
import { pause } from './decide/pause-subscription';
import { recordAuthorizationFailure } from './decide/record-authorization-failure';
import { recordCycleCharge } from './decide/record-cycle-charge';
import { recordCycleChargeFailure } from './decide/record-cycle-charge-failure';
import { removeOffer } from './decide/remove-offer';
import { resume } from './decide/resume-subscription';
import { retryCycleCharge } from './decide/retry-cycle-charge';
import { update } from './decide/update-subscription';
import { applyChange } from './subscription-change';
import type { FinalStatus, SubscriptionStatus } from './subscription-status';
import type { SubscriptionCommand } from './subscription.commands';
import type {
  Authorization,
  CycleAnchor,
  SubscriptionChange,
  SubscriptionEvent,
  SubscriptionTerms,
} from './subscription.events';

export const SUBSCRIPTION_STREAM = 'subscription';

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

export const initialState = (): Subscription => ({ status: 'new' });

function ended(state: LiveSubscription, status: FinalStatus, at: number): EndedSubscription {
  return { ...state, status, endedAt: at, chargeAt: null, openCycle: null };
}

function evolveLive(
  state: LiveSubscription,
  event: Exclude<SubscriptionEvent, { type: 'SubscriptionCreated' }>,
): LiveSubscription {
  switch (event.type) {
    case 'SubscriptionPaymentRejected':
      return state;
    case 'SubscriptionAuthorizationFailed':
      return {
        ...state,
        authAttempts: state.authAttempts + 1,
        failedAuthorizations: [...state.failedAuthorizations, event.data.paymentId],
      };
    case 'SubscriptionAuthenticated':
      return {
        ...state,
        status: 'authenticated',
        pausedAt: null,
        endedAt: null,
        authorizationPaymentId: event.data.paymentId,
        customerId: event.data.customerId,
        paymentMethod: event.data.method,
      };
    case 'SubscriptionActivated':
      return { ...state, status: 'active', pausedAt: null, endedAt: null };
    case 'SubscriptionCycleBilled': {
      const { invoiceId, cycle, start, end, anchor } = event.data;
      return {
        ...state,
        anchor,
        anchorPlanId: state.terms.plan.planId,
        billedCount: cycle,
        currentStart: start,
        currentEnd: end,
        chargeAt: end,
        openCycle: { invoiceId, cycle, failedAttempts: 0, failedPayments: [], retries: 0 },
      };
    }
    case 'SubscriptionCharged':
      return {
        ...state,
        paidCount: state.paidCount + 1,
        openCycle: null,
        chargedInvoices: [...state.chargedInvoices, event.data.invoiceId],
      };
    case 'SubscriptionChargeFailed':
      return state.openCycle === null
        ? state
        : {
            ...state,
            openCycle: {
              ...state.openCycle,
              failedAttempts: event.data.attempt,
              failedPayments: [...state.openCycle.failedPayments, event.data.paymentId],
            },
          };
    case 'SubscriptionPending':
      return { ...state, status: 'pending', pausedAt: null, endedAt: null };
    case 'SubscriptionHalted':
      return { ...state, status: 'halted', pausedAt: null, endedAt: null };
    case 'SubscriptionChargeRetried':
      return state.openCycle === null
        ? state
        : { ...state, openCycle: { ...state.openCycle, retries: state.openCycle.retries + 1 } };
    case 'SubscriptionPaused':
      return { ...state, status: 'paused', pausedAt: event.data.at, endedAt: null, chargeAt: null };
    case 'SubscriptionResumed':
      return {
        ...state,
        status: 'active',
        pausedAt: null,
        endedAt: null,
        chargeAt: event.data.chargeAt,
      };
    case 'SubscriptionCancellationScheduled':
      return { ...state, cancelAtCycleEnd: true };
    case 'SubscriptionCancelled':
      return ended(state, 'cancelled', event.data.at);
    case 'SubscriptionCompleted':
      return ended(state, 'completed', event.data.at);
    case 'SubscriptionExpired':
      return ended(state, 'expired', event.data.at);
    case 'SubscriptionUpdated': {
      const { change } = event.data;
      return {
        ...state,
        terms: applyChange(state.terms, change, state.billedCount),
        ...(change.startAt !== undefined && { chargeAt: change.startAt }),
      };
    }
    case 'SubscriptionChangeScheduled':
      return {
        ...state,
        scheduledChange: event.data.change,
        changeScheduledAt: event.data.changeAt,
      };
    case 'SubscriptionChangeApplied':
      return {
        ...state,
        terms: applyChange(state.terms, event.data.change, state.billedCount),
        scheduledChange: null,
        changeScheduledAt: null,
      };
    case 'SubscriptionScheduledChangesCancelled':
      return { ...state, scheduledChange: null, changeScheduledAt: null };
    case 'SubscriptionCustomerNotifySet':
      return { ...state, terms: { ...state.terms, customerNotify: event.data.customerNotify } };
    case 'SubscriptionNotesSet':
      return { ...state, terms: { ...state.terms, notes: event.data.notes } };
    case 'SubscriptionOfferRemoved':
      return { ...state, terms: { ...state.terms, offerId: null } };
    default:
      return assertUnreachable(event);
  }
}

export function evolve(state: Subscription, event: SubscriptionEvent): Subscription {
  if (event.type === 'SubscriptionCreated') {
    const { terms, authorization, createdAt } = event.data;
    return {
      status: 'created',
      terms,
      customerId: null,
      paymentMethod: null,
      authorization,
      authorizationPaymentId: null,
      authAttempts: 0,
      failedAuthorizations: [],
      anchor: null,
      anchorPlanId: null,
      billedCount: 0,
      paidCount: 0,
      currentStart: null,
      currentEnd: null,
      chargeAt: terms.startAt,
      endedAt: null,
      pausedAt: null,
      openCycle: null,
      chargedInvoices: [],
      scheduledChange: null,
      changeScheduledAt: null,
      cancelAtCycleEnd: false,
      createdAt,
    };
  }
  return state.status === 'new' ? state : evolveLive(state, event);
}

export function decide(
  command: SubscriptionCommand,
  state: Subscription,
): SubscriptionEvent | SubscriptionEvent[] {
  switch (command.type) {
    case 'CreateSubscription':
      return create(command, state);
    case 'AuthorizeSubscription':
      return authorize(command, state);
    case 'RecordAuthorizationFailure':
      return recordAuthorizationFailure(command, state);
    case 'BillCycle':
      return billCycle(command, state);
    case 'RecordCycleCharge':
      return recordCycleCharge(command, state);
    case 'RecordCycleChargeFailure':
      return recordCycleChargeFailure(command, state);
    case 'RetryCycleCharge':
      return retryCycleCharge(command, state);
    case 'PauseSubscription':
      return pause(command, state);
    case 'ResumeSubscription':
      return resume(command, state);
    case 'CancelSubscription':
      return cancel(command, state);
    case 'UpdateSubscription':
      return update(command, state);
    case 'CancelScheduledChanges':
      return cancelScheduledChanges(command, state);
    case 'RemoveOffer':
      return removeOffer(command, state);
    case 'ExpireSubscription':
      return expire(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const subscriptionDecider: Decider<Subscription, SubscriptionCommand, SubscriptionEvent> = {
  decide,
  evolve,
  initialState,
};

/** The subscription stream: its type and its decider, for reading it. */
export const subscriptionKind = { streamType: SUBSCRIPTION_STREAM, decider: subscriptionDecider };

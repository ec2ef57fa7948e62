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
import type { FinalStatus } from './subscription-status';
import type { SubscriptionCommand } from './subscription.commands';
import type { SubscriptionEvent } from './subscription.events';
import type { EndedSubscription, LiveSubscription, Subscription } from './subscription.state';

export const SUBSCRIPTION_STREAM = 'subscription';

export type { LiveSubscription, Subscription } from './subscription.state';

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

/** Bump with any change to `evolve` or the state's shape: snapshots of another version are ignored. */
export const subscriptionDecider: Decider<Subscription, SubscriptionCommand, SubscriptionEvent> = {
  decide,
  evolve,
  initialState,
  snapshotVersion: 1,
};

/** The subscription stream: its type and its decider, for reading it. */
export const subscriptionKind = { streamType: SUBSCRIPTION_STREAM, decider: subscriptionDecider };

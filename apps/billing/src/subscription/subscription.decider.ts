import {
  AlreadyExists,
  assertUnreachable,
  IllegalTransition,
  NotFound,
  ValidationFailed,
} from '@platform/domain-kit';
import type { Decider } from '@platform/domain-kit';
import { cycleBoundary } from './billing-cycle';
import { CHARGE_RETRY_DELAYS_MS } from './charge-retries';
import type {
  AuthorizeSubscription,
  BillCycle,
  CancelScheduledChanges,
  CancelSubscription,
  CreateSubscription,
  ExpireSubscription,
  PauseSubscription,
  RecordAuthorizationFailure,
  RecordCycleCharge,
  RecordCycleChargeFailure,
  RemoveOffer,
  ResumeSubscription,
  RetryCycleCharge,
  SubscriptionCommand,
  UpdateSubscription,
} from './subscription.commands';
import type {
  Authorization,
  CycleAnchor,
  SubscriptionChange,
  SubscriptionEvent,
  SubscriptionTerms,
} from './subscription.events';

export const SUBSCRIPTION_STREAM = 'subscription';

export type SubscriptionStatus =
  | 'created'
  | 'authenticated'
  | 'active'
  | 'pending'
  | 'halted'
  | 'paused'
  | 'cancelled'
  | 'completed'
  | 'expired';
export const FINAL_STATUSES = ['cancelled', 'completed', 'expired'] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];

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

export interface LiveSubscription {
  status: SubscriptionStatus;
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
  endedAt: number | null;
  pausedAt: number | null;
  openCycle: OpenCycle | null;
  chargedInvoices: readonly string[];
  scheduledChange: SubscriptionChange | null;
  /** When the scheduled change applies: the end of the cycle it was scheduled in. */
  changeScheduledAt: number | null;
  cancelAtCycleEnd: boolean;
  createdAt: number;
}

export type Subscription = { status: 'new' } | LiveSubscription;

export const initialState = (): Subscription => ({ status: 'new' });

export const isFinal = (status: SubscriptionStatus | 'new'): status is FinalStatus =>
  (FINAL_STATUSES as readonly string[]).includes(status);

export const remainingCount = (s: LiveSubscription): number => s.terms.totalCount - s.billedCount;

/** The terms after a change; the total becomes the cycles billed so far plus the remaining count. */
export function applyChange(
  terms: SubscriptionTerms,
  change: SubscriptionChange,
  billedCount: number,
): SubscriptionTerms {
  return {
    ...terms,
    ...(change.plan !== undefined && { plan: change.plan }),
    ...(change.quantity !== undefined && { quantity: change.quantity }),
    ...(change.remainingCount !== undefined && { totalCount: billedCount + change.remainingCount }),
    ...(change.offerId !== undefined && { offerId: change.offerId }),
    ...(change.startAt !== undefined && { startAt: change.startAt }),
  };
}

/** The subscription as it will look once its scheduled change is applied. */
export function withScheduledChange(s: LiveSubscription): LiveSubscription {
  if (s.scheduledChange === null) return s;
  return {
    ...s,
    terms: applyChange(s.terms, s.scheduledChange, s.billedCount),
    scheduledChange: null,
    changeScheduledAt: null,
  };
}

/** Cycle n (1-based) of an anchor: its start and end. */
export function cycleBounds(
  anchor: CycleAnchor,
  plan: SubscriptionTerms['plan'],
  cycle: number,
): { start: number; end: number } {
  return {
    start: cycleBoundary(anchor.at, plan, cycle - 1 - anchor.cyclesBefore),
    end: cycleBoundary(anchor.at, plan, cycle - anchor.cyclesBefore),
  };
}

export interface UpcomingCycle {
  cycle: number;
  start: number;
  end: number;
  /** The terms the cycle is billed under (after the scheduled change). */
  terms: SubscriptionTerms;
  chargeAutomatically: boolean;
}

/** What BillCycle at `at` decides; the single source of both `upcomingCycle` and `billCycle`. */
type CycleOutcome =
  | { kind: 'nothing' }
  | { kind: 'cancel' }
  | { kind: 'complete' }
  | (UpcomingCycle & { kind: 'bill'; anchor: CycleAnchor; change: SubscriptionChange | null });

const BILLING_STATUSES: readonly SubscriptionStatus[] = [
  'authenticated',
  'active',
  'pending',
  'halted',
];

function cycleOutcome(state: Subscription, at: number): CycleOutcome {
  if (state.status === 'new' || at !== state.chargeAt || !BILLING_STATUSES.includes(state.status))
    return { kind: 'nothing' };
  if (state.billedCount > 0) {
    // A cycle has just ended.
    if (state.cancelAtCycleEnd) return { kind: 'cancel' };
    if (state.billedCount >= state.terms.totalCount) return { kind: 'complete' };
  }
  const { terms } = withScheduledChange(state);
  const cycle = state.billedCount + 1;
  const keepsAnchor =
    state.anchor !== null &&
    state.anchorPlanId === terms.plan.planId &&
    cycleBoundary(state.anchor.at, terms.plan, cycle - 1 - state.anchor.cyclesBefore) === at;
  const anchor =
    keepsAnchor && state.anchor !== null ? state.anchor : { at, cyclesBefore: cycle - 1 };
  const { end } = cycleBounds(anchor, terms.plan, cycle);
  return {
    kind: 'bill',
    cycle,
    start: at,
    end,
    terms,
    chargeAutomatically: state.status !== 'halted',
    anchor,
    change: state.scheduledChange,
  };
}

/**
 * What BillCycle at `at` would bill (after the scheduled change, from the right anchor), or null
 * when it would bill nothing: a stale `at`, a cancellation or completion at the cycle's end, or a
 * status that bills nothing. The caller builds the cycle's invoice from it before issuing BillCycle.
 */
export function upcomingCycle(state: Subscription, at: number): UpcomingCycle | null {
  const outcome = cycleOutcome(state, at);
  if (outcome.kind !== 'bill') return null;
  const { cycle, start, end, terms, chargeAutomatically } = outcome;
  return { cycle, start, end, terms, chargeAutomatically };
}

function ended(state: LiveSubscription, status: FinalStatus, at: number): LiveSubscription {
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
        authorizationPaymentId: event.data.paymentId,
        customerId: event.data.customerId,
        paymentMethod: event.data.method,
      };
    case 'SubscriptionActivated':
      return { ...state, status: 'active' };
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
      return { ...state, status: 'pending' };
    case 'SubscriptionHalted':
      return { ...state, status: 'halted' };
    case 'SubscriptionChargeRetried':
      return state.openCycle === null
        ? state
        : { ...state, openCycle: { ...state.openCycle, retries: state.openCycle.retries + 1 } };
    case 'SubscriptionPaused':
      return { ...state, status: 'paused', pausedAt: event.data.at, chargeAt: null };
    case 'SubscriptionResumed':
      return { ...state, status: 'active', pausedAt: null, chargeAt: event.data.chargeAt };
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

function live(state: Subscription): LiveSubscription {
  if (state.status === 'new') throw new NotFound();
  return state;
}

/** A value the status guarantees (an active subscription has a current cycle). */
function known<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`The subscription has no ${what}.`);
  return value;
}

export function create(command: CreateSubscription, state: Subscription): SubscriptionEvent {
  if (state.status !== 'new') throw new AlreadyExists('The subscription already exists.');
  const { subscriptionId, terms, authorization } = command.data;
  const { now } = command.metadata;
  if (terms.quantity < 1)
    throw new ValidationFailed('The quantity must be at least 1.', 'quantity');
  if (terms.totalCount < 1)
    throw new ValidationFailed('The total_count must be at least 1.', 'total_count');
  if (terms.startAt !== null && terms.startAt <= now)
    throw new ValidationFailed('The start_at must be in the future.', 'start_at');
  if (terms.expireBy !== null && terms.expireBy <= now)
    throw new ValidationFailed('The expire_by must be in the future.', 'expire_by');
  // The caller's invariant, not the customer's input: a fault of ours when broken.
  if ((terms.startAt === null) !== (authorization.invoiceId !== null))
    throw new Error(
      'The authorization charges the first cycle exactly when the subscription has no start_at.',
    );
  return {
    type: 'SubscriptionCreated',
    data: { subscriptionId, terms, authorization, createdAt: now },
  };
}

/**
 * The authorization payment was captured. Without a start_at it is also the first cycle's charge:
 * cycle 1 starts now and is paid at once. One captured after the subscription ended (cancelled or
 * expired before it arrived) is rejected, and payments refunds it.
 */
export function authorize(
  command: AuthorizeSubscription,
  state: Subscription,
): SubscriptionEvent[] {
  const s = live(state);
  const { paymentId, orderId, customerId, method } = command.data;
  const at = command.metadata.now;
  if (s.authorizationPaymentId === paymentId) return [];
  if (isFinal(s.status))
    return [
      {
        type: 'SubscriptionPaymentRejected',
        data: { paymentId, reason: `subscription_${s.status}`, at },
      },
    ];
  if (s.status !== 'created')
    throw new IllegalTransition('The subscription is not awaiting authorization.');
  if (orderId !== s.authorization.orderId)
    throw new ValidationFailed(
      "The order is not the subscription's authorization order.",
      'order_id',
    );
  const authenticated: SubscriptionEvent = {
    type: 'SubscriptionAuthenticated',
    data: { paymentId, customerId, method, at },
  };
  const { invoiceId } = s.authorization;
  if (invoiceId === null) return [authenticated];
  const anchor = { at, cyclesBefore: 0 };
  const events: SubscriptionEvent[] = [
    authenticated,
    {
      type: 'SubscriptionCycleBilled',
      data: {
        invoiceId,
        cycle: 1,
        start: at,
        end: cycleBoundary(at, s.terms.plan, 1),
        chargeAutomatically: true,
        anchor,
        at,
      },
    },
    { type: 'SubscriptionActivated', data: { at } },
    { type: 'SubscriptionCharged', data: { invoiceId, paymentId, cycle: 1, at } },
  ];
  return s.terms.totalCount === 1
    ? [...events, { type: 'SubscriptionCompleted', data: { at } }]
    : events;
}

export function recordAuthorizationFailure(
  command: RecordAuthorizationFailure,
  state: Subscription,
): SubscriptionEvent[] {
  const s = live(state);
  const { paymentId } = command.data;
  if (s.status !== 'created' || s.failedAuthorizations.includes(paymentId)) return [];
  return [
    { type: 'SubscriptionAuthorizationFailed', data: { paymentId, at: command.metadata.now } },
  ];
}

/**
 * The timer at chargeAt: the current cycle ends (cancelling or completing the subscription, or
 * applying the scheduled change) and the next begins, billed under `invoiceId`. An unpaid cycle is
 * not charged again: the new cycle replaces it as the open one.
 */
export function billCycle(command: BillCycle, state: Subscription): SubscriptionEvent[] {
  const s = live(state);
  const { invoiceId, at } = command.data;
  const outcome = cycleOutcome(s, at);
  switch (outcome.kind) {
    case 'nothing':
      return [];
    case 'cancel':
      return [{ type: 'SubscriptionCancelled', data: { at } }];
    case 'complete':
      return [{ type: 'SubscriptionCompleted', data: { at } }];
    case 'bill': {
      const { change, cycle, start, end, chargeAutomatically, anchor } = outcome;
      const billed: SubscriptionEvent = {
        type: 'SubscriptionCycleBilled',
        data: { invoiceId, cycle, start, end, chargeAutomatically, anchor, at },
      };
      return change === null
        ? [billed]
        : [{ type: 'SubscriptionChangeApplied', data: { change, at } }, billed];
    }
    default:
      return assertUnreachable(outcome);
  }
}

export function recordCycleCharge(
  command: RecordCycleCharge,
  state: Subscription,
): SubscriptionEvent[] {
  const s = live(state);
  const { invoiceId, paymentId } = command.data;
  const at = command.metadata.now;
  if (s.chargedInvoices.includes(invoiceId)) return [];
  if (isFinal(s.status)) throw new IllegalTransition(`The subscription is already ${s.status}.`);
  if (s.openCycle?.invoiceId !== invoiceId)
    throw new IllegalTransition("This invoice is not the subscription's open cycle.");
  const { cycle } = s.openCycle;
  const events: SubscriptionEvent[] = [
    { type: 'SubscriptionCharged', data: { invoiceId, paymentId, cycle, at } },
  ];
  if (s.status === 'authenticated' || s.status === 'pending' || s.status === 'halted')
    events.push({ type: 'SubscriptionActivated', data: { at } });
  if (cycle >= s.terms.totalCount) events.push({ type: 'SubscriptionCompleted', data: { at } });
  return events;
}

/** Retries follow CHARGE_RETRY_DELAYS_MS; a failure after the last retry halts the subscription. */
export function recordCycleChargeFailure(
  command: RecordCycleChargeFailure,
  state: Subscription,
): SubscriptionEvent[] {
  const s = live(state);
  const { invoiceId, paymentId } = command.data;
  const now = command.metadata.now;
  const open = s.openCycle;
  if (open?.invoiceId !== invoiceId || open.failedPayments.includes(paymentId)) return [];
  const attempt = open.failedAttempts + 1;
  const failed = (retryAt: number | null): SubscriptionEvent => ({
    type: 'SubscriptionChargeFailed',
    data: { invoiceId, paymentId, attempt, retryAt, at: now },
  });
  if (s.status === 'halted') return [failed(null)];
  if (attempt <= CHARGE_RETRY_DELAYS_MS.length) {
    const events = [failed(now + CHARGE_RETRY_DELAYS_MS[attempt - 1])];
    return s.status === 'active' || s.status === 'authenticated'
      ? [...events, { type: 'SubscriptionPending', data: { at: now } }]
      : events;
  }
  return [failed(null), { type: 'SubscriptionHalted', data: { at: now } }];
}

/** The retry timer: stale unless the subscription is still pending on that very failure. */
export function retryCycleCharge(
  command: RetryCycleCharge,
  state: Subscription,
): SubscriptionEvent[] {
  const s = live(state);
  const { invoiceId, attempt } = command.data;
  const open = s.openCycle;
  if (
    s.status !== 'pending' ||
    open?.invoiceId !== invoiceId ||
    open.failedAttempts !== attempt ||
    open.retries >= attempt
  )
    return [];
  return [
    {
      type: 'SubscriptionChargeRetried',
      data: { invoiceId, attempt: attempt + 1, at: command.metadata.now },
    },
  ];
}

/** Pausing an authenticated subscription cancels it, as Razorpay does. */
export function pause(command: PauseSubscription, state: Subscription): SubscriptionEvent {
  const s = live(state);
  const at = command.metadata.now;
  if (s.status === 'active') return { type: 'SubscriptionPaused', data: { at } };
  if (s.status === 'authenticated') return { type: 'SubscriptionCancelled', data: { at } };
  throw new IllegalTransition('Only an active subscription can be paused.');
}

/** The cycles that ended while paused are not billed: a new cycle starts at once, counted from now. */
export function resume(command: ResumeSubscription, state: Subscription): SubscriptionEvent {
  const s = live(state);
  const now = command.metadata.now;
  if (s.status !== 'paused')
    throw new IllegalTransition('Only a paused subscription can be resumed.');
  const chargeAt = s.currentEnd !== null && s.currentEnd > now ? s.currentEnd : now;
  return { type: 'SubscriptionResumed', data: { chargeAt, at: now } };
}

export function cancel(command: CancelSubscription, state: Subscription): SubscriptionEvent[] {
  const s = live(state);
  const at = command.metadata.now;
  if (isFinal(s.status)) throw new IllegalTransition(`The subscription is already ${s.status}.`);
  if (!command.data.atCycleEnd) return [{ type: 'SubscriptionCancelled', data: { at } }];
  if (s.status !== 'active')
    throw new IllegalTransition(
      'Only an active subscription can be cancelled at the end of its cycle.',
    );
  if (s.cancelAtCycleEnd) return [];
  return [
    {
      type: 'SubscriptionCancellationScheduled',
      data: { cancelAt: known(s.currentEnd, 'current cycle'), at },
    },
  ];
}

export function update(command: UpdateSubscription, state: Subscription): SubscriptionEvent[] {
  const s = live(state);
  const now = command.metadata.now;
  const { scheduleChangeAt } = command.data;
  if (s.status !== 'authenticated' && s.status !== 'active')
    throw new IllegalTransition('Only an authenticated or active subscription can be updated.');
  const change = Object.fromEntries(
    Object.entries(command.data.change).filter(([, value]) => value !== undefined),
  ) as SubscriptionChange;
  if (Object.keys(change).length === 0) return [];
  if (change.quantity !== undefined && change.quantity < 1)
    throw new ValidationFailed('The quantity must be at least 1.', 'quantity');
  if (change.remainingCount !== undefined && change.remainingCount < 1)
    throw new ValidationFailed('The remaining_count must be at least 1.', 'remaining_count');
  if (change.plan !== undefined && change.plan.currency !== s.terms.plan.currency) {
    throw new ValidationFailed(
      `The plan's currency must be the subscription's currency (${s.terms.plan.currency}).`,
      'plan_id',
    );
  }
  if (change.startAt !== undefined) {
    if (s.status !== 'authenticated' || s.billedCount > 0)
      throw new ValidationFailed(
        'The start_at can be changed only before the subscription starts.',
        'start_at',
      );
    if (scheduleChangeAt !== 'now')
      throw new ValidationFailed('The start_at can be changed only now.', 'start_at');
    if (change.startAt <= now)
      throw new ValidationFailed('The start_at must be in the future.', 'start_at');
  }
  if (scheduleChangeAt === 'now')
    return [{ type: 'SubscriptionUpdated', data: { change, at: now } }];
  if (s.status !== 'active')
    throw new ValidationFailed(
      'Only an active subscription can be changed at the end of its cycle.',
      'schedule_change_at',
    );
  return [
    {
      type: 'SubscriptionChangeScheduled',
      data: { change, changeAt: known(s.currentEnd, 'current cycle'), at: now },
    },
  ];
}

export function cancelScheduledChanges(
  command: CancelScheduledChanges,
  state: Subscription,
): SubscriptionEvent {
  const s = live(state);
  if (s.scheduledChange === null)
    throw new IllegalTransition('The subscription has no scheduled changes.');
  return { type: 'SubscriptionScheduledChangesCancelled', data: { at: command.metadata.now } };
}

export function removeOffer(command: RemoveOffer, state: Subscription): SubscriptionEvent {
  const s = live(state);
  const { offerId } = command.data;
  if (s.terms.offerId !== offerId)
    throw new ValidationFailed('The offer is not linked to this subscription.', 'offer_id');
  return { type: 'SubscriptionOfferRemoved', data: { offerId, at: command.metadata.now } };
}

/** The timer at expire_by: a subscription never authorized expires. */
export function expire(command: ExpireSubscription, state: Subscription): SubscriptionEvent[] {
  const s = live(state);
  if (s.status !== 'created' || s.terms.expireBy !== command.data.at) return [];
  return [{ type: 'SubscriptionExpired', data: { at: command.metadata.now } }];
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

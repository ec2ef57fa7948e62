import { cycleBoundary } from './billing-cycle';
import { withScheduledChange } from './subscription-change';
import type { SubscriptionStatus } from './subscription-status';
import type { LiveSubscription, Subscription } from './subscription.state';
import type { CycleAnchor, SubscriptionChange, SubscriptionTerms } from './subscription.events';

export const remainingCount = (s: LiveSubscription): number => s.terms.totalCount - s.billedCount;

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
export type CycleOutcome =
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

export function cycleOutcome(state: Subscription, at: number): CycleOutcome {
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

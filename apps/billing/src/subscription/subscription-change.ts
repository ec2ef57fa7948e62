import type { LiveSubscription } from './subscription.state';
import type { SubscriptionChange, SubscriptionTerms } from './subscription.events';

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
    ...(change.totalCount !== undefined && { totalCount: change.totalCount }),
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

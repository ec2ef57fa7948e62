import type { SubscriptionEntity } from '@platform/contracts';
import { cycleBounds, remainingCount } from '../subscription-cycle';
import type { LiveSubscription } from '../subscription.decider';

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

/** Where a subscription's authorization page is (the gateway serves it). */
export const subscriptionPageUrl = (publicBaseUrl: string, id: string) =>
  `${publicBaseUrl}/s/${id}`;

/**
 * The subscription as the API shows it; `end_at` is the end of its last cycle once cycles are
 * counted, or once `start_at` fixes when they run (without it they start at the authorization).
 */
export function toSubscriptionEntity(
  id: string,
  s: LiveSubscription,
  publicBaseUrl: string,
): SubscriptionEntity {
  const { terms } = s;
  const anchor =
    s.anchor ?? (terms.startAt === null ? null : { at: terms.startAt, cyclesBefore: 0 });
  const endAt = anchor === null ? null : cycleBounds(anchor, terms.plan, terms.totalCount).end;
  return {
    id,
    entity: 'subscription',
    plan_id: terms.plan.planId,
    customer_id: s.customerId,
    status: s.status,
    current_start: seconds(s.currentStart),
    current_end: seconds(s.currentEnd),
    ended_at: seconds(s.endedAt),
    quantity: terms.quantity,
    notes: terms.notes,
    charge_at: seconds(s.chargeAt),
    start_at: seconds(terms.startAt ?? s.currentStart),
    end_at: seconds(endAt),
    auth_attempts: s.authAttempts,
    total_count: terms.totalCount,
    paid_count: s.paidCount,
    customer_notify: terms.customerNotify,
    created_at: seconds(s.createdAt) as number,
    expire_by: seconds(terms.expireBy),
    short_url: subscriptionPageUrl(publicBaseUrl, id),
    has_scheduled_changes: s.scheduledChange !== null,
    change_scheduled_at: seconds(s.changeScheduledAt),
    source: 'api',
    // The method of the authorization payment, as payments reported it.
    payment_method: s.paymentMethod as SubscriptionEntity['payment_method'],
    offer_id: terms.offerId,
    remaining_count: remainingCount(s),
    paused_at: seconds(s.pausedAt),
    pause_initiated_by: s.pausedAt === null ? null : 'self',
  };
}

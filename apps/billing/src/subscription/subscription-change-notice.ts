import { formatAmount } from '@platform/notification';
import { formatTime } from '@platform/customer-pages';
import type { SubscriptionChange } from './subscription.events';

/** What the customer is told of a change: what it changes, and when it applies (null: now). Times in ms. */
export function changeNotice(
  subscriptionId: string,
  change: SubscriptionChange,
  appliesAt: number | null,
): { subject: string; text: string } {
  const parts = [
    change.plan &&
      `plan ${change.plan.planId} at ${formatAmount(change.plan.amount, change.plan.currency)} per cycle`,
    change.quantity !== undefined && `quantity ${change.quantity}`,
    change.remainingCount !== undefined && `${change.remainingCount} cycles remaining`,
    change.totalCount !== undefined && `${change.totalCount} cycles in all`,
    change.offerId === null && 'offer removed',
    typeof change.offerId === 'string' && `offer ${change.offerId}`,
    change.startAt !== undefined && `first charge on ${formatTime(change.startAt / 1000)}`,
  ].filter((part): part is string => typeof part === 'string');
  const when =
    appliesAt === null
      ? 'It applies now.'
      : `It applies at the end of the current cycle, ${formatTime(appliesAt / 1000)}.`;
  return {
    subject: 'Your subscription has changed',
    text: `Your subscription ${subscriptionId} has changed: ${parts.join('; ')}. ${when}`,
  };
}

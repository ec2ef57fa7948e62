import { IllegalTransition, ValidationFailed } from '@platform/domain-kit';
import type { UpdateSubscription } from '../subscription.commands';
import type { LiveSubscription, Subscription } from '../subscription.decider';
import type { SubscriptionChange, SubscriptionEvent } from '../subscription.events';
import { known, live } from './guards';

/**
 * A change now or at the cycle end; customer_notify, when sent, is recorded at once either way (it says
 * whether the customer is told, of this change too). Records only what really changes.
 */
export function update(command: UpdateSubscription, state: Subscription): SubscriptionEvent[] {
  const s = live(state);
  const now = command.metadata.now;
  const { scheduleChangeAt, customerNotify } = command.data;
  if (s.status !== 'authenticated' && s.status !== 'active')
    throw new IllegalTransition('Only an authenticated or active subscription can be updated.');
  const notifySet: SubscriptionEvent[] =
    customerNotify === undefined || customerNotify === s.terms.customerNotify
      ? []
      : [{ type: 'SubscriptionCustomerNotifySet', data: { customerNotify, at: now } }];
  const change = Object.fromEntries(
    Object.entries(command.data.change).filter(([, value]) => value !== undefined),
  ) as SubscriptionChange;
  if (Object.keys(change).length === 0) return notifySet;
  checkChange(s, change);
  if (change.startAt !== undefined) checkStartAt(s, change.startAt, scheduleChangeAt, now);
  return [...notifySet, changed(s, change, scheduleChangeAt, now)];
}

function changed(
  s: LiveSubscription,
  change: SubscriptionChange,
  scheduleChangeAt: UpdateSubscription['data']['scheduleChangeAt'],
  now: number,
): SubscriptionEvent {
  if (scheduleChangeAt === 'now') return { type: 'SubscriptionUpdated', data: { change, at: now } };
  if (s.status !== 'active')
    throw new ValidationFailed(
      'Only an active subscription can be changed at the end of its cycle.',
      'schedule_change_at',
    );
  return {
    type: 'SubscriptionChangeScheduled',
    data: { change, changeAt: known(s.currentEnd, 'current cycle'), at: now },
  };
}

function checkChange(s: LiveSubscription, change: SubscriptionChange): void {
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
}

/** A new start_at moves the first charge: only before the subscription starts, only now, only later. */
function checkStartAt(
  s: LiveSubscription,
  startAt: number,
  scheduleChangeAt: UpdateSubscription['data']['scheduleChangeAt'],
  now: number,
): void {
  if (s.status !== 'authenticated' || s.billedCount > 0)
    throw new ValidationFailed(
      'The start_at can be changed only before the subscription starts.',
      'start_at',
    );
  if (scheduleChangeAt !== 'now')
    throw new ValidationFailed('The start_at can be changed only now.', 'start_at');
  if (startAt <= now) throw new ValidationFailed('The start_at must be in the future.', 'start_at');
}

import { IllegalTransition, ValidationFailed } from '@platform/domain-kit';
import type { UpdateSubscription } from '../subscription.commands';
import type { LiveSubscription, Subscription } from '../subscription.state';
import type { SubscriptionChange, SubscriptionEvent } from '../subscription.events';
import { known, live } from './guards';

/**
 * A change now or at the cycle end; customer_notify and notes, when sent, are recorded at once either
 * way (customer_notify says whether the customer is told, of this change too). Records only what
 * really changes.
 */
export function update(command: UpdateSubscription, state: Subscription): SubscriptionEvent[] {
  const s = live(state);
  const now = command.metadata.now;
  const { scheduleChangeAt } = command.data;
  if (s.status !== 'authenticated' && s.status !== 'active')
    throw new IllegalTransition('Only an authenticated or active subscription can be updated.');
  const atOnce = setAtOnce(s, command.data, now);
  const change = Object.fromEntries(
    Object.entries(command.data.change).filter(([, value]) => value !== undefined),
  ) as SubscriptionChange;
  if (Object.keys(change).length === 0) return atOnce;
  checkChange(s, change);
  if (change.startAt !== undefined) checkStartAt(s, change.startAt, scheduleChangeAt, now);
  return [...atOnce, changed(s, change, scheduleChangeAt, now)];
}

/** customer_notify and notes, where sent and different from the subscription's. */
function setAtOnce(
  s: LiveSubscription,
  { customerNotify, notes }: UpdateSubscription['data'],
  now: number,
): SubscriptionEvent[] {
  const events: SubscriptionEvent[] = [];
  if (customerNotify !== undefined && customerNotify !== s.terms.customerNotify)
    events.push({ type: 'SubscriptionCustomerNotifySet', data: { customerNotify, at: now } });
  if (notes !== undefined && !sameNotes(notes, s.terms.notes))
    events.push({ type: 'SubscriptionNotesSet', data: { notes, at: now } });
  return events;
}

function sameNotes(a: Record<string, string | number>, b: Record<string, string | number>) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
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
  if (change.totalCount !== undefined && change.remainingCount !== undefined)
    throw new ValidationFailed(
      'Send total_count or remaining_count, not both: each sets the cycles billed in all.',
      'total_count',
    );
  if (change.totalCount !== undefined && change.totalCount <= s.billedCount)
    throw new ValidationFailed(
      `The total_count must be more than the ${s.billedCount} cycles already billed.`,
      'total_count',
    );
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

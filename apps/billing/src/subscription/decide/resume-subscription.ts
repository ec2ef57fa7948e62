import { IllegalTransition } from '@platform/domain-kit';
import type { ResumeSubscription } from '../subscription.commands';
import type { Subscription } from '../subscription.state';
import type { SubscriptionEvent } from '../subscription.events';
import { live } from './guards';

/** The cycles that ended while paused are not billed: a new cycle starts at once, counted from now. */
export function resume(command: ResumeSubscription, state: Subscription): SubscriptionEvent {
  const s = live(state);
  const now = command.metadata.now;
  if (s.status !== 'paused')
    throw new IllegalTransition('Only a paused subscription can be resumed.');
  const chargeAt = s.currentEnd !== null && s.currentEnd > now ? s.currentEnd : now;
  return { type: 'SubscriptionResumed', data: { chargeAt, at: now } };
}

import { IllegalTransition } from '@platform/domain-kit';
import type { PauseSubscription } from '../subscription.commands';
import type { Subscription } from '../subscription.state';
import type { SubscriptionEvent } from '../subscription.events';
import { live } from './guards';

/** Pausing an authenticated subscription cancels it, as Razorpay does. */
export function pause(command: PauseSubscription, state: Subscription): SubscriptionEvent {
  const s = live(state);
  const at = command.metadata.now;
  if (s.status === 'active') return { type: 'SubscriptionPaused', data: { at } };
  if (s.status === 'authenticated') return { type: 'SubscriptionCancelled', data: { at } };
  throw new IllegalTransition('Only an active subscription can be paused.');
}

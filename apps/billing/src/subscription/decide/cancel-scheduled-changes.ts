import { IllegalTransition } from '@platform/domain-kit';
import type { CancelScheduledChanges } from '../subscription.commands';
import type { Subscription } from '../subscription.state';
import type { SubscriptionEvent } from '../subscription.events';
import { live } from './guards';

export function cancelScheduledChanges(
  command: CancelScheduledChanges,
  state: Subscription,
): SubscriptionEvent {
  const s = live(state);
  if (s.scheduledChange === null)
    throw new IllegalTransition('The subscription has no scheduled changes.');
  return { type: 'SubscriptionScheduledChangesCancelled', data: { at: command.metadata.now } };
}

import { IllegalTransition } from '@platform/domain-kit';
import { isFinal } from '../subscription-status';
import type { CancelSubscription } from '../subscription.commands';
import type { Subscription } from '../subscription.state';
import type { SubscriptionEvent } from '../subscription.events';
import { known, live } from './guards';

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

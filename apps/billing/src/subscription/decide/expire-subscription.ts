import type { ExpireSubscription } from '../subscription.commands';
import type { Subscription } from '../subscription.state';
import type { SubscriptionEvent } from '../subscription.events';
import { live } from './guards';

/** The timer at expire_by: a subscription never authorized expires. */
export function expire(command: ExpireSubscription, state: Subscription): SubscriptionEvent[] {
  const s = live(state);
  if (s.status !== 'created' || s.terms.expireBy !== command.data.at) return [];
  return [{ type: 'SubscriptionExpired', data: { at: command.metadata.now } }];
}

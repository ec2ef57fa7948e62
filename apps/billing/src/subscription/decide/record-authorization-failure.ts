import type { RecordAuthorizationFailure } from '../subscription.commands';
import type { Subscription } from '../subscription.state';
import type { SubscriptionEvent } from '../subscription.events';
import { live } from './guards';

export function recordAuthorizationFailure(
  command: RecordAuthorizationFailure,
  state: Subscription,
): SubscriptionEvent[] {
  const s = live(state);
  const { paymentId } = command.data;
  if (s.status !== 'created' || s.failedAuthorizations.includes(paymentId)) return [];
  return [
    { type: 'SubscriptionAuthorizationFailed', data: { paymentId, at: command.metadata.now } },
  ];
}

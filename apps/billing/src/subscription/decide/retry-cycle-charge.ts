import type { RetryCycleCharge } from '../subscription.commands';
import type { Subscription } from '../subscription.state';
import type { SubscriptionEvent } from '../subscription.events';
import { live } from './guards';

/** The retry timer: stale unless the subscription is still pending on that very failure. */
export function retryCycleCharge(
  command: RetryCycleCharge,
  state: Subscription,
): SubscriptionEvent[] {
  const s = live(state);
  const { invoiceId, attempt } = command.data;
  const open = s.openCycle;
  if (
    s.status !== 'pending' ||
    open?.invoiceId !== invoiceId ||
    open.failedAttempts !== attempt ||
    open.retries >= attempt
  )
    return [];
  return [
    {
      type: 'SubscriptionChargeRetried',
      data: { invoiceId, attempt: attempt + 1, at: command.metadata.now },
    },
  ];
}

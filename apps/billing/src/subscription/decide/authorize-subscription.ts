import { IllegalTransition, ValidationFailed } from '@platform/domain-kit';
import { cycleBoundary } from '../billing-cycle';
import { isFinal } from '../subscription-status';
import type { AuthorizeSubscription } from '../subscription.commands';
import type { LiveSubscription, Subscription } from '../subscription.state';
import type { SubscriptionEvent } from '../subscription.events';
import { live } from './guards';

/**
 * The authorization payment was captured. Without a start_at it is also the first cycle's charge:
 * cycle 1 starts now and is paid at once; with one it paid the upfront add-ons, or was a token, and
 * cycle 1 waits for start_at. One captured after the subscription ended (cancelled or expired before
 * it arrived) is rejected, and payments refunds it.
 */
export function authorize(
  command: AuthorizeSubscription,
  state: Subscription,
): SubscriptionEvent[] {
  const s = live(state);
  const { paymentId, orderId, customerId, method } = command.data;
  const at = command.metadata.now;
  if (s.authorizationPaymentId === paymentId) return [];
  if (isFinal(s.status))
    return [
      {
        type: 'SubscriptionPaymentRejected',
        data: { paymentId, reason: `subscription_${s.status}`, at },
      },
    ];
  if (s.status !== 'created')
    throw new IllegalTransition('The subscription is not awaiting authorization.');
  if (orderId !== s.authorization.orderId)
    throw new ValidationFailed(
      "The order is not the subscription's authorization order.",
      'order_id',
    );
  const authenticated: SubscriptionEvent = {
    type: 'SubscriptionAuthenticated',
    data: { paymentId, customerId, method, at },
  };
  return [authenticated, ...firstCycleCharged(s, paymentId, at)];
}

/** Without a start_at, cycle 1 starts with the authorization and is paid by it. */
function firstCycleCharged(
  s: LiveSubscription,
  paymentId: string,
  at: number,
): SubscriptionEvent[] {
  const { invoiceId } = s.authorization;
  if (invoiceId === null || s.terms.startAt !== null) return [];
  const anchor = { at, cyclesBefore: 0 };
  const events: SubscriptionEvent[] = [
    {
      type: 'SubscriptionCycleBilled',
      data: {
        invoiceId,
        cycle: 1,
        start: at,
        end: cycleBoundary(at, s.terms.plan, 1),
        chargeAutomatically: true,
        anchor,
        at,
      },
    },
    { type: 'SubscriptionActivated', data: { at } },
    { type: 'SubscriptionCharged', data: { invoiceId, paymentId, cycle: 1, at } },
  ];
  return s.terms.totalCount === 1
    ? [...events, { type: 'SubscriptionCompleted', data: { at } }]
    : events;
}

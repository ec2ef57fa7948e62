import { Topics } from '@platform/contracts';
import type {
  SubscriptionAuthorizationEntity,
  PublishedSubscriptionEvent,
  SubscriptionPublishedType,
} from '@platform/contracts';
import { foldStream, integrationEventOf, streamUpTo } from '@platform/event-store';
import type { OutboxMessage, StoredEvent } from '@platform/event-store';
import { toSubscriptionEntity } from './dtos/subscription.response';
import { subscriptionDecider } from './subscription.decider';
import type { LiveSubscription } from './subscription.decider';
import type { SubscriptionEvent } from './subscription.events';

const PUBLISHED: Partial<Record<SubscriptionEvent['type'], SubscriptionPublishedType>> = {
  SubscriptionCreated: 'subscription.created',
  SubscriptionAuthenticated: 'subscription.authenticated',
  SubscriptionActivated: 'subscription.activated',
  SubscriptionCharged: 'subscription.charged',
  SubscriptionPending: 'subscription.pending',
  SubscriptionHalted: 'subscription.halted',
  SubscriptionPaused: 'subscription.paused',
  SubscriptionResumed: 'subscription.resumed',
  SubscriptionUpdated: 'subscription.updated',
  SubscriptionChangeApplied: 'subscription.updated',
  SubscriptionCancelled: 'subscription.cancelled',
  SubscriptionCompleted: 'subscription.completed',
  SubscriptionExpired: 'subscription.expired',
  SubscriptionPaymentRejected: 'subscription.payment_rejected',
};

/** The subscription right after `version`. */
export function subscriptionAt(
  stream: readonly StoredEvent<SubscriptionEvent>[],
  version: number,
): LiveSubscription {
  return foldStream(subscriptionDecider, streamUpTo(stream, version)) as LiveSubscription;
}

/**
 * What payments collects to authorize the subscription: published with `subscription.created`, and
 * answered on billing's internal API to a payments replica that has not heard of it yet.
 */
export function authorizationOf(state: LiveSubscription): SubscriptionAuthorizationEntity {
  const { authorization } = state;
  return {
    order_id: authorization.orderId,
    amount: authorization.amount,
    currency: state.terms.plan.currency,
    invoice_id: authorization.invoiceId,
    refund: authorization.invoiceId === null,
  };
}

/**
 * The lifecycle on billing.subscription, keyed by subscription id. `subscription.created` carries the
 * authorization payments collects; `subscription.charged` the cycle's invoice and payment.
 */
export function subscriptionIntegrationEvents(publicBaseUrl: string) {
  return (
    appended: readonly StoredEvent<SubscriptionEvent>[],
    stream: readonly StoredEvent<SubscriptionEvent>[],
  ): OutboxMessage[] =>
    appended.flatMap((event) => {
      const type = PUBLISHED[event.type];
      if (!type) return [];
      const state = subscriptionAt(stream, event.version);
      const data: PublishedSubscriptionEvent['data'] = {
        subscription: toSubscriptionEntity(event.streamId, state, publicBaseUrl),
      };
      if (event.type === 'SubscriptionCreated') data.authorization = authorizationOf(state);
      if (event.type === 'SubscriptionCharged')
        Object.assign(data, { invoice_id: event.data.invoiceId, payment_id: event.data.paymentId });
      if (event.type === 'SubscriptionPaymentRejected')
        data.rejection = { payment_id: event.data.paymentId, reason: event.data.reason };
      const published: PublishedSubscriptionEvent = integrationEventOf(event, type, data);
      return [{ topic: Topics.billingSubscription, key: event.streamId, event: published }];
    });
}

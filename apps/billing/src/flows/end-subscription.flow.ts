import type { CommandResult, Flow, FlowInput } from '@platform/event-store';
import { invoiceKind } from '../invoice/invoice.decider';
import { onInvoice } from '../invoice/invoice.stream';
import type { Subscription } from '../subscription/subscription.decider';
import type { SubscriptionEvent } from '../subscription/subscription.events';
import { onSubscription } from '../subscription/subscription.stream';

export interface EndSubscriptionInput extends FlowInput {
  subscriptionId: string;
  /** Cancel (now or at the cycle's end), or expire at expire_by. */
  end:
    | { type: 'CancelSubscription'; data: { atCycleEnd: boolean } }
    | { type: 'ExpireSubscription'; data: { at: number } };
  publicBaseUrl: string;
}

/**
 * Cancels or expires a subscription; when that ends one never authorized, its authorization invoice
 * (still issued) is cancelled with it, so nobody can pay it any more. (Only these two end a
 * subscription before its authorization: a pause ends only an authenticated one, a cycle only an
 * active one.)
 */
export const endSubscriptionFlow: Flow<
  EndSubscriptionInput,
  null,
  CommandResult<Subscription, SubscriptionEvent>,
  CommandResult<Subscription, SubscriptionEvent>
> = {
  // Nothing to read first: the subscription's decision says whether it ended unauthorized.
  load: async () => null,

  decide: async (unit, _loaded, { subscriptionId, end, metadata, publicBaseUrl }) => {
    const subscription = await unit.decide(
      onSubscription(subscriptionId, { ...end, metadata }, publicBaseUrl),
    );
    const ended = subscription.appended.some(
      (event) => event.type === 'SubscriptionCancelled' || event.type === 'SubscriptionExpired',
    );
    if (!ended || subscription.state.status === 'new') return subscription;
    const { authorizationPaymentId, authorization } = subscription.state;
    if (authorizationPaymentId !== null || authorization.invoiceId === null) return subscription;
    const { state: invoice } = await unit.read(invoiceKind, authorization.invoiceId);
    if (invoice.status === 'issued')
      await unit.decide(
        onInvoice(
          authorization.invoiceId,
          { type: 'CancelInvoice', data: {}, metadata },
          publicBaseUrl,
        ),
      );
    return subscription;
  },

  // Each stream publishes its own events (subscription.cancelled, invoice.cancelled).
  publish: () => [],

  answer: (subscription) => subscription,
};

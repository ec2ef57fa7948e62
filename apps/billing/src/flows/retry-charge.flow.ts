import type { CommandResult, Flow, FlowInput, StoredEvent } from '@platform/event-store';
import { invoiceKind } from '../invoice/invoice.decider';
import type { InvoiceEvent } from '../invoice/invoice.events';
import { invoiceAt } from '../invoice/invoice.integration';
import type { Subscription } from '../subscription/subscription.decider';
import type { SubscriptionEvent } from '../subscription/subscription.events';
import { onSubscription } from '../subscription/subscription.stream';
import { chargeRequested } from './subscription-invoice';

export interface RetryChargeInput extends FlowInput {
  subscriptionId: string;
  invoiceId: string;
  attempt: number;
  publicBaseUrl: string;
}

interface Retried {
  subscription: CommandResult<Subscription, SubscriptionEvent>;
  /** The invoice to charge, as read (it is not changed). */
  invoice: StoredEvent<InvoiceEvent>[];
}

/**
 * The retry timer of a failed charge: the subscription records the retry, and payments is asked to
 * charge the open cycle's invoice again (the invoice as it is now, read alongside).
 */
export const retryChargeFlow: Flow<RetryChargeInput, StoredEvent<InvoiceEvent>[], Retried, void> = {
  load: async (reader, { invoiceId }) => (await reader.read(invoiceKind, invoiceId)).stream,

  decide: async (
    unit,
    invoice,
    { subscriptionId, invoiceId, attempt, metadata, publicBaseUrl },
  ) => {
    const subscription = await unit.decide(
      onSubscription(
        subscriptionId,
        { type: 'RetryCycleCharge', data: { invoiceId, attempt }, metadata },
        publicBaseUrl,
      ),
    );
    return { subscription, invoice };
  },

  // invoice.charge_requested, when the subscription did start a retry (a repeated timer starts none).
  publish: ({ subscription, invoice }, { publicBaseUrl }) => {
    const retried = subscription.appended.find(
      (event) => event.type === 'SubscriptionChargeRetried',
    );
    if (retried?.type !== 'SubscriptionChargeRetried' || invoice.length === 0) return [];
    return [
      chargeRequested(
        retried,
        invoiceAt(invoice, invoice.length, publicBaseUrl),
        retried.data.attempt,
      ),
    ];
  },

  answer: () => undefined,
};

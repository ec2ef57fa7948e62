import type { Flow, FlowInput, SqlRunner } from '@platform/event-store';
import { findOrCreateCustomer } from '../customer/find-or-create-customer';
import type { CustomerOfDetails } from '../customer/find-or-create-customer';
import { invoiceCustomerOf } from '../invoice/invoice-customer';
import { onInvoice } from '../invoice/invoice.stream';
import type { SubscriptionCommand } from '../subscription/subscription.commands';
import { subscriptionKind } from '../subscription/subscription.decider';
import { onSubscription } from '../subscription/subscription.stream';

export interface RecordSubscriptionPaymentInput extends FlowInput {
  subscriptionId: string;
  /** What the payment is for the subscription: its authorization, a cycle's charge, or their failure. */
  command: SubscriptionCommand;
  payer: { email: string | null; contact: string | null };
  /** The consumer's inbox transaction, where the payer's customer is looked up. */
  tx: SqlRunner;
  publicBaseUrl: string;
}

/**
 * A payment of a subscription (payments' `payment.captured` / `payment.failed`). An authorization
 * payment that authorizes it also makes its payer the subscription's customer (the account's
 * customer of that email and contact, or a new one, as Razorpay fills customer_id once the customer
 * authorizes) and names that customer on the authorization invoice, made before anyone paid it.
 */
export const recordSubscriptionPaymentFlow: Flow<
  RecordSubscriptionPaymentInput,
  CustomerOfDetails | null,
  void,
  void
> = {
  // The payer's customer, only for the authorization of a subscription still waiting for it.
  load: async (reader, { subscriptionId, command, payer, tx, metadata }) => {
    if (command.type !== 'AuthorizeSubscription') return null;
    const { state } = await reader.read(subscriptionKind, subscriptionId);
    if (state.status !== 'created') return null;
    return findOrCreateCustomer(tx, metadata, {
      ...payer,
      name: null,
      gstin: null,
    });
  },

  decide: async (unit, customer, { subscriptionId, command, metadata, publicBaseUrl }) => {
    if (!customer || command.type !== 'AuthorizeSubscription') {
      await unit.decide(onSubscription(subscriptionId, command, publicBaseUrl));
      return;
    }
    if (customer.create) await unit.decide(customer.create);
    const authorize = { ...command, data: { ...command.data, customerId: customer.customerId } };
    const authorized = await unit.decide(onSubscription(subscriptionId, authorize, publicBaseUrl));
    if (authorized.state.status === 'new') return;
    const { invoiceId } = authorized.state.authorization;
    if (invoiceId === null) return;
    const named = {
      type: 'IdentifyInvoiceCustomer' as const,
      data: { customer: invoiceCustomerOf(customer.customerId, customer.details) },
      metadata,
    };
    await unit.decide(onInvoice(invoiceId, named, publicBaseUrl));
  },

  // Each stream publishes its own events (subscription.authenticated / .activated, …).
  publish: () => [],

  answer: () => undefined,
};

import { versionOf } from '@platform/event-store';
import type { CommandResult, Flow, FlowInput } from '@platform/event-store';
import { addonKind } from '../addon/addon.decider';
import { onAddon } from '../addon/addon.stream';
import type { Invoice } from '../invoice/invoice.decider';
import type { InvoiceCustomer, InvoiceEvent, InvoiceTerms } from '../invoice/invoice.events';
import { invoiceAt } from '../invoice/invoice.integration';
import { onInvoice } from '../invoice/invoice.stream';
import type { OfferTerms } from '../offer/offer.events';
import { upcomingCycle } from '../subscription/subscription-cycle';
import { chargeRequested, subscriptionInvoiceTerms } from './subscription-invoice';
import { subscriptionKind } from '../subscription/subscription.decider';
import type { Subscription } from '../subscription/subscription.decider';
import type { SubscriptionEvent } from '../subscription/subscription.events';
import { onSubscription } from '../subscription/subscription.stream';

export interface BillCycleInput extends FlowInput {
  subscriptionId: string;
  /** The charge_at the timer was set for (a timer for an old charge_at bills nothing). */
  at: number;
  ids: { invoiceId: string; orderId: string };
  publicBaseUrl: string;
  /** What the cycle's invoice shows from billing's other read models. */
  lookups: {
    customer(customerId: string | null): Promise<InvoiceCustomer | null>;
    planName(planId: string): Promise<string | null>;
    unbilledAddonIds(): Promise<string[]>;
    offer(offerId: string): Promise<{ offerId: string; name: string; terms: OfferTerms } | null>;
  };
}

interface CycleToBill {
  /** The next cycle's invoice; null: the subscription bills no cycle now (it ends, or the timer is old). */
  invoice: InvoiceTerms | null;
  /** The add-ons it bills, each still unbilled when read. */
  addonIds: string[];
}

interface Billed {
  subscription: CommandResult<Subscription, SubscriptionEvent>;
  invoice: CommandResult<Invoice, InvoiceEvent> | null;
}

/**
 * The timer at charge_at: the cycle that ended is closed (cancelled or completed at its end, or its
 * scheduled change applied) and the next is billed: its invoice is issued with the add-ons added
 * since the last one, and, unless the subscription is halted, payments is asked to charge the saved
 * card.
 */
export const billCycleFlow: Flow<BillCycleInput, CycleToBill, Billed, void> = {
  load: async (reader, { subscriptionId, at, lookups }) => {
    const { state } = await reader.read(subscriptionKind, subscriptionId);
    const upcoming = upcomingCycle(state, at);
    if (!upcoming || state.status === 'new') return { invoice: null, addonIds: [] };
    const planName = (await lookups.planName(upcoming.terms.plan.planId)) ?? 'Subscription';
    // Each add-on is version-checked when billed, so one deleted meanwhile is not billed.
    const addons = [];
    for (const addonId of await lookups.unbilledAddonIds()) {
      const { state: addon } = await reader.read(addonKind, addonId);
      if (addon.status === 'unbilled')
        addons.push({ addonId, ...addon.item, quantity: addon.quantity });
    }
    const { offerId } = upcoming.terms;
    const invoice = subscriptionInvoiceTerms({
      subscriptionId,
      plan: upcoming.terms.plan,
      planName,
      quantity: upcoming.terms.quantity,
      addons,
      customer: await lookups.customer(state.customerId),
      billingStart: upcoming.start,
      billingEnd: upcoming.end,
      notes: upcoming.terms.notes,
      offer: offerId === null ? null : await lookups.offer(offerId),
      cycle: upcoming.cycle,
    });
    return { invoice, addonIds: addons.map(({ addonId }) => addonId) };
  },

  decide: async (unit, { invoice: terms, addonIds }, input) => {
    const { subscriptionId, at, ids, metadata, publicBaseUrl } = input;
    const { invoiceId, orderId } = ids;
    const bill = onSubscription(
      subscriptionId,
      { type: 'BillCycle', data: { invoiceId, at }, metadata },
      publicBaseUrl,
    );
    if (!terms) return { subscription: await unit.decide(bill), invoice: null };
    // The invoice first: its invoice.issued must reach payments before the charge request.
    const invoice = await unit.decide(
      onInvoice(
        invoiceId,
        { type: 'CreateInvoice', data: { invoiceId, terms, issueWith: { orderId } }, metadata },
        publicBaseUrl,
        true,
      ),
    );
    const subscription = await unit.decide(bill);
    for (const addonId of addonIds)
      await unit.decide(onAddon(addonId, { type: 'BillAddon', data: { invoiceId }, metadata }));
    return { subscription, invoice };
  },

  // invoice.charge_requested: payments charges the saved card for the invoice just issued.
  publish: ({ subscription, invoice }, { publicBaseUrl }) => {
    const billed = subscription.appended.find((event) => event.type === 'SubscriptionCycleBilled');
    if (!invoice || billed?.type !== 'SubscriptionCycleBilled' || !billed.data.chargeAutomatically)
      return [];
    return [
      chargeRequested(
        billed,
        invoiceAt(invoice.stream, versionOf(invoice.stream), publicBaseUrl),
        1,
      ),
    ];
  },

  answer: () => undefined,
};

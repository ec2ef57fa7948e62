import { InvoiceEventTypes, Topics } from '@platform/contracts';
import type { InvoiceChargeRequestedEvent, InvoiceEntity } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import { integrationEventOf } from '@platform/event-store';
import type { OutboxMessage, StoredEvent } from '@platform/event-store';
import type { InvoiceCustomer, InvoiceLine, InvoiceTerms } from '../invoice/invoice.events';
import { invoiceTotals } from '../invoice/invoice-amounts';
import { appliesToCycle, discountFor } from '../offer/offer.decider';
import type { OfferTerms } from '../offer/offer.events';
import type { SubscriptionPlan } from '../subscription/subscription.events';

/** An upfront add-on, charged by the authorization payment (with cycle 1, or alone when the subscription starts later). */
export interface UpfrontAddon {
  name: string;
  description: string | null;
  amount: number;
  currency: string;
  quantity: number;
}

export interface SubscriptionInvoiceInput {
  subscriptionId: string;
  plan: SubscriptionPlan;
  planName: string;
  quantity: number;
  addons: readonly UpfrontAddon[];
  customer: InvoiceCustomer | null;
  /** The cycle it bills (null for the first invoice before authorization: its cycle starts when paid). */
  billingStart: number | null;
  billingEnd: number | null;
  notes: Record<string, string | number>;
  /** The offer's discount on this cycle (see offer.decider discountFor), or null. */
  offer: { offerId: string; name: string; terms: OfferTerms } | null;
  cycle: number;
}

const line = (
  type: InvoiceLine['type'],
  name: string,
  description: string | null,
  unitAmount: number,
  currency: string,
  quantity: number,
): InvoiceLine => ({
  id: newId('li'),
  itemId: null,
  type,
  name,
  description,
  unitAmount,
  currency,
  quantity,
  taxRateBasisPoints: null,
  taxInclusive: false,
  hsnCode: null,
  sacCode: null,
  unit: null,
});

/** A subscription cycle's invoice: the plan × quantity, plus the add-ons it takes; issued at once, never notified (the charge is automatic). */
export function subscriptionInvoiceTerms(input: SubscriptionInvoiceInput): InvoiceTerms {
  const lines: InvoiceLine[] = [
    line('plan', input.planName, null, input.plan.amount, input.plan.currency, input.quantity),
    ...input.addons.map((addon) =>
      line('addon', addon.name, addon.description, addon.amount, addon.currency, addon.quantity),
    ),
  ];
  if (input.offer && appliesToCycle(input.offer.terms, input.cycle)) {
    const discount = discountFor(input.offer.terms, invoiceTotals(lines).netAmount);
    if (discount > 0)
      lines.push({
        ...line(
          'discount',
          input.offer.name,
          `Offer ${input.offer.offerId}`,
          -discount,
          input.plan.currency,
          1,
        ),
        itemId: input.offer.offerId,
      });
  }
  return invoiceTermsOf(lines, input.plan.currency, input);
}

/**
 * The upfront add-ons of a subscription that starts later (start_at): what its authorization payment
 * charges, before any cycle, so the invoice bills no cycle and takes no offer (offers discount cycles).
 */
export function upfrontAddonsInvoiceTerms(input: {
  subscriptionId: string;
  addons: readonly UpfrontAddon[];
  currency: string;
  notes: Record<string, string | number>;
}): InvoiceTerms {
  const lines = input.addons.map((addon) =>
    line('addon', addon.name, addon.description, addon.amount, addon.currency, addon.quantity),
  );
  return invoiceTermsOf(lines, input.currency, {
    ...input,
    customer: null,
    billingStart: null,
    billingEnd: null,
  });
}

function invoiceTermsOf(
  lines: InvoiceLine[],
  currency: string,
  input: Pick<
    SubscriptionInvoiceInput,
    'subscriptionId' | 'customer' | 'notes' | 'billingStart' | 'billingEnd'
  >,
): InvoiceTerms {
  return {
    type: 'invoice',
    customer: input.customer,
    lines,
    currency,
    description: null,
    expireBy: null,
    partialPayment: false,
    smsNotify: false,
    emailNotify: false,
    receipt: null,
    notes: input.notes,
    date: null,
    subscriptionId: input.subscriptionId,
    billingStart: input.billingStart,
    billingEnd: input.billingEnd,
  };
}

/** `invoice.charge_requested` on billing.invoice, keyed by the invoice (after its `invoice.issued`): payments charges the saved card. */
export function chargeRequested(
  cause: StoredEvent,
  invoice: InvoiceEntity,
  attempt: number,
): OutboxMessage {
  const event: InvoiceChargeRequestedEvent = integrationEventOf(
    cause,
    InvoiceEventTypes.chargeRequested,
    { invoice, attempt },
  );
  return { topic: Topics.billingInvoice, key: invoice.id, event };
}

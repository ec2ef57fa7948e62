import type { SubscriptionEntity } from '@platform/contracts';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import type { CommandResult, Flow, FlowInput, UnitOfWork } from '@platform/event-store';
import { DEFAULT_CURRENCY, normalizeNotes } from '@platform/http';
import { invoiceTotals } from '../invoice/invoice-amounts';
import type { InvoiceTerms } from '../invoice/invoice.events';
import { onInvoice } from '../invoice/invoice.stream';
import type { CreateSubscriptionDto } from '../subscription/dtos/create-subscription.dto';
import { toSubscriptionEntity } from '../subscription/dtos/subscription.response';
import type { offerOf, planOf } from '../subscription/subscription-catalog';
import { subscriptionInvoiceTerms, upfrontAddonsInvoiceTerms } from './subscription-invoice';
import type { UpfrontAddon } from './subscription-invoice';
import type { Subscription } from '../subscription/subscription.decider';
import type {
  Authorization,
  SubscriptionEvent,
  SubscriptionTerms,
} from '../subscription/subscription.events';
import { onSubscription } from '../subscription/subscription.stream';

/** A token payment authorizes a subscription that starts later: ₹1, refunded as soon as it is captured. */
export const TOKEN_AUTHORIZATION_AMOUNT = 100;

export interface CreateSubscriptionInput extends FlowInput {
  dto: CreateSubscriptionDto;
  /** The plan and offer the request names, as billing's read models have them. */
  plan: Awaited<ReturnType<typeof planOf>>;
  offer: Awaited<ReturnType<typeof offerOf>> | null;
  ids: { subscriptionId: string; orderId: string; invoiceId: string };
  publicBaseUrl: string;
}

interface NewSubscription {
  terms: SubscriptionTerms;
  authorization: Authorization;
  /** The invoice its authorization payment pays; null: a token payment. */
  firstInvoice: InvoiceTerms | null;
}

/**
 * POST /v1/subscriptions. Without start_at the authorization payment is the first cycle's charge: its
 * invoice (plan × quantity plus the upfront add-ons) is issued with the subscription. With a future
 * start_at it charges the upfront add-ons alone (their invoice, issued the same way), or, without
 * add-ons, is a token payment refunded at once; cycle 1 is charged at start_at.
 */
export const createSubscriptionFlow: Flow<
  CreateSubscriptionInput,
  NewSubscription,
  CommandResult<Subscription, SubscriptionEvent>,
  SubscriptionEntity
> = {
  // Nothing to read: both streams are new. What they start with comes from the request and catalog.
  load: async (_reader, input) => newSubscription(input),

  decide: (unit, loaded, input) => decideBoth(unit, loaded, input),

  // Each stream publishes its own events (subscription.created carries the authorization).
  publish: () => [],

  answer: (subscription, { publicBaseUrl }) => {
    if (subscription.state.status === 'new') throw new NotFound();
    return toSubscriptionEntity(subscription.stream[0].streamId, subscription.state, publicBaseUrl);
  },
};

/** The subscription, then its first invoice, issued with the authorization order. */
async function decideBoth(
  unit: UnitOfWork,
  { terms, authorization, firstInvoice }: NewSubscription,
  { ids, metadata, publicBaseUrl }: CreateSubscriptionInput,
): Promise<CommandResult<Subscription, SubscriptionEvent>> {
  const { subscriptionId, invoiceId, orderId } = ids;
  const created = await unit.decide(
    onSubscription(
      subscriptionId,
      { type: 'CreateSubscription', data: { subscriptionId, terms, authorization }, metadata },
      publicBaseUrl,
      true,
    ),
  );
  if (firstInvoice)
    await unit.decide(
      onInvoice(
        invoiceId,
        {
          type: 'CreateInvoice',
          data: { invoiceId, terms: firstInvoice, issueWith: { orderId } },
          metadata,
        },
        publicBaseUrl,
        true,
      ),
    );
  return created;
}

const ms = (seconds: number | undefined) => (seconds === undefined ? undefined : seconds * 1000);

function newSubscription({
  dto,
  plan: named,
  offer,
  ids,
}: CreateSubscriptionInput): NewSubscription {
  const { plan, planName } = named;
  const { subscriptionId } = ids;
  const quantity = dto.quantity ?? 1;
  const notes = normalizeNotes(dto.notes);
  const addons: UpfrontAddon[] = (dto.addons ?? []).map((addon) => ({
    name: addon.item.name,
    description: addon.item.description ?? null,
    amount: addon.item.amount,
    currency: addon.item.currency ?? DEFAULT_CURRENCY,
    quantity: addon.quantity ?? 1,
  }));
  const foreign = addons.findIndex((addon) => addon.currency !== plan.currency);
  if (foreign >= 0)
    throw new ValidationFailed(
      `The addons[${foreign}] is in ${addons[foreign].currency}, not the plan currency ${plan.currency}.`,
      `addons[${foreign}].item.currency`,
    );
  const terms: SubscriptionTerms = {
    plan,
    quantity,
    totalCount: dto.total_count,
    startAt: ms(dto.start_at) ?? null,
    expireBy: ms(dto.expire_by) ?? null,
    customerNotify: dto.customer_notify ?? true,
    notifyInfo: dto.notify_info
      ? {
          notifyPhone: dto.notify_info.notify_phone ?? null,
          notifyEmail: dto.notify_info.notify_email ?? null,
        }
      : null,
    offerId: offer?.offerId ?? null,
    notes,
  };
  const firstInvoice =
    terms.startAt === null
      ? subscriptionInvoiceTerms({
          subscriptionId,
          plan,
          planName,
          quantity,
          addons,
          customer: null,
          billingStart: null,
          billingEnd: null,
          notes,
          offer,
          cycle: 1,
        })
      : addons.length > 0
        ? upfrontAddonsInvoiceTerms({ subscriptionId, addons, currency: plan.currency, notes })
        : null;
  const authorization: Authorization = {
    orderId: ids.orderId,
    amount: firstInvoice ? invoiceTotals(firstInvoice.lines).netAmount : TOKEN_AUTHORIZATION_AMOUNT,
    invoiceId: firstInvoice ? ids.invoiceId : null,
  };
  return { terms, authorization, firstInvoice };
}

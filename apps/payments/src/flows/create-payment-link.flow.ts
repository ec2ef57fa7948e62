import type { PaymentLinkEntity } from '@platform/contracts';
import { orNotFound } from '@platform/event-store';
import type { CommandResult, Flow, FlowInput } from '@platform/event-store';
import type { OrderTerms } from '../order/order.events';
import { onOrder } from '../order/order.stream';
import { toPaymentLinkEntity } from '../payment-link/dtos/payment-link.response';
import { paymentLinkDetailsProjection } from '../payment-link/payment-link-details/payment-link-details.projection';
import type { PaymentLinkEvent, PaymentLinkTerms } from '../payment-link/payment-link.events';
import type { PaymentLink } from '../payment-link/payment-link.state';
import { onPaymentLink } from '../payment-link/payment-link.stream';

export interface CreatePaymentLinkInput extends FlowInput {
  paymentLinkId: string;
  orderId: string;
  terms: PaymentLinkTerms;
  /** The API key of the request: its secret will sign the link's callback. */
  keyId: string;
  shortUrl: string;
}

/**
 * POST /v1/payment_links: the link and the order its payments go through, in one statement. The
 * order takes the link's amount, currency, notes and partial payments, its reference_id as receipt,
 * captures its payments at once and names the link, so captures, refunds, disputes, the ledger and
 * settlements treat a link's payments as any order's. The link's rules are decided first: the
 * order's own can then not refuse what the link allowed.
 */
export const createPaymentLinkFlow: Flow<
  CreatePaymentLinkInput,
  null,
  CommandResult<PaymentLink, PaymentLinkEvent>,
  PaymentLinkEntity
> = {
  load: async () => null,

  decide: async (unit, _loaded, input) => {
    const { paymentLinkId, orderId, terms, keyId, shortUrl, metadata } = input;
    const link = await unit.decide(
      onPaymentLink(
        paymentLinkId,
        {
          type: 'CreatePaymentLink',
          data: { paymentLinkId, orderId, terms, keyId, shortUrl },
          metadata,
        },
        true,
      ),
    );
    await unit.decide(
      onOrder(
        orderId,
        {
          type: 'CreateOrder',
          data: { orderId, terms: orderTerms(paymentLinkId, terms) },
          metadata,
        },
        true,
      ),
    );
    return link;
  },

  publish: () => [],

  answer: (link) => toPaymentLinkEntity(orNotFound(paymentLinkDetailsProjection.view(link.stream))),
};

/** What the link's order is made with. */
function orderTerms(paymentLinkId: string, terms: PaymentLinkTerms): OrderTerms {
  return {
    amount: terms.amount,
    currency: terms.currency,
    receipt: terms.referenceId,
    notes: terms.notes,
    ...orderPartialPayment(terms),
    paymentCapture: true,
    invoiceId: null,
    customerId: null,
    paymentLinkId,
  };
}

/** The order's partial payments, as the link's accept_partial and first_min_partial_amount say. */
export function orderPartialPayment(
  terms: Pick<PaymentLinkTerms, 'acceptPartial' | 'firstMinPartialAmount'>,
): Pick<OrderTerms, 'partialPayment' | 'firstPaymentMinAmount'> {
  return {
    partialPayment: terms.acceptPartial,
    firstPaymentMinAmount: terms.acceptPartial ? terms.firstMinPartialAmount : null,
  };
}

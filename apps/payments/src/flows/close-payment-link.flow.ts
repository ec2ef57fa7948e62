import type { PaymentLinkEntity } from '@platform/contracts';
import { orNotFound } from '@platform/event-store';
import type { CommandResult, Flow, FlowInput } from '@platform/event-store';
import { onOrder } from '../order/order.stream';
import { toPaymentLinkEntity } from '../payment-link/dtos/payment-link.response';
import { paymentLinkDetailsProjection } from '../payment-link/payment-link-details/payment-link-details.projection';
import type { PaymentLinkEvent } from '../payment-link/payment-link.events';
import type { PaymentLink } from '../payment-link/payment-link.state';
import { onPaymentLink } from '../payment-link/payment-link.stream';

export interface ClosePaymentLinkInput extends FlowInput {
  paymentLinkId: string;
  /** POST /v1/payment_links/:id/cancel, or the scheduler once the link's time ran out. */
  how: 'cancel' | 'expire';
}

/**
 * A link is cancelled or expires, and its order takes no more payments, in one statement: the
 * order's expected version is checked with the link's, so of a cancel and a payment racing on one
 * link, one wins and the other runs again on what it left (a paid link is not cancelled; a
 * cancelled link's order refuses the payment). `payment_link.cancelled` / `.expired` come from the
 * link's own events.
 */
export const closePaymentLinkFlow: Flow<
  ClosePaymentLinkInput,
  null,
  CommandResult<PaymentLink, PaymentLinkEvent>,
  PaymentLinkEntity
> = {
  load: async () => null,

  decide: async (unit, _loaded, { paymentLinkId, how, metadata }) => {
    const command =
      how === 'cancel'
        ? { type: 'CancelPaymentLink' as const, data: {}, metadata }
        : { type: 'ExpirePaymentLink' as const, data: {}, metadata };
    const link = await unit.decide(onPaymentLink(paymentLinkId, command));
    if (link.appended.length > 0 && link.state.status !== 'new')
      await unit.decide(
        onOrder(link.state.orderId, {
          type: 'CloseOrder',
          data: { reason: how === 'cancel' ? 'payment_link_cancelled' : 'payment_link_expired' },
          metadata,
        }),
      );
    return link;
  },

  publish: () => [],

  answer: (link) => toPaymentLinkEntity(orNotFound(paymentLinkDetailsProjection.view(link.stream))),
};

import type { PaymentLinkEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { orNotFound } from '@platform/event-store';
import type { CommandResult, Flow, FlowInput } from '@platform/event-store';
import { onOrder } from '../order/order.stream';
import { toPaymentLinkEntity } from '../payment-link/dtos/payment-link.response';
import { paymentLinkDetailsProjection } from '../payment-link/payment-link-details/payment-link-details.projection';
import { paymentLinkKind } from '../payment-link/payment-link.decider';
import type { PaymentLinkChanges, PaymentLinkEvent } from '../payment-link/payment-link.events';
import type { PaymentLink } from '../payment-link/payment-link.state';
import { onPaymentLink } from '../payment-link/payment-link.stream';
import { orderPartialPayment } from './create-payment-link.flow';

export interface EditPaymentLinkInput extends FlowInput {
  paymentLinkId: string;
  changes: PaymentLinkChanges;
}

/**
 * PATCH /v1/payment_links/:id: the link's rules decide what may change (only while it takes
 * payments); a change of accept_partial changes its order's partial payments in the same
 * statement, so the next payment is held to the new terms.
 */
export const editPaymentLinkFlow: Flow<
  EditPaymentLinkInput,
  null,
  CommandResult<PaymentLink, PaymentLinkEvent>,
  PaymentLinkEntity
> = {
  load: async () => null,

  decide: async (unit, _loaded, { paymentLinkId, changes, metadata }) => {
    const before = await unit.read(paymentLinkKind, paymentLinkId);
    if (before.state.status === 'new') throw new NotFound();
    const wasPartial = before.state.terms.acceptPartial;
    const link = await unit.decide(
      onPaymentLink(paymentLinkId, { type: 'EditPaymentLink', data: { changes }, metadata }),
    );
    if (link.state.status !== 'new' && link.state.terms.acceptPartial !== wasPartial)
      await unit.decide(
        onOrder(link.state.orderId, {
          type: 'ChangeOrderPartialPayment',
          data: orderPartialPayment(link.state.terms),
          metadata,
        }),
      );
    return link;
  },

  publish: () => [],

  answer: (link) => toPaymentLinkEntity(orNotFound(paymentLinkDetailsProjection.view(link.stream))),
};

import type { PaymentEntity } from '@platform/contracts';
import { orNotFound } from '@platform/event-store';
import type { CommandResult, Flow, FlowInput } from '@platform/event-store';
import type { Acquirer } from '../acquirer/acquirer';
import type { Order } from '../order/order.decider';
import type { OrderEvent } from '../order/order.events';
import { onOrder } from '../order/order.stream';
import { toPaymentEntity } from '../payment/dtos/payment.response';
import { paymentDetailsProjection } from '../payment/payment-details/payment-details.projection';
import type { Payment } from '../payment/payment.decider';
import type { PaymentEvent } from '../payment/payment.events';
import { paymentIntegrationEvents } from '../payment/payment.integration';
import { onPayment } from '../payment/payment.stream';
import type { PaymentLinkEvent } from '../payment-link/payment-link.events';
import type { PaymentLink } from '../payment-link/payment-link.state';
import { paymentOfOrderEvents } from './payment-of-order.integration';
import { recordOnLink } from './payment-link-of-order';

export interface CapturePaymentInput extends FlowInput {
  paymentId: string;
  amount: number;
  currency: string | null;
  /** The acquirer of the caller's mode (none in live mode today, where no payment can exist). */
  acquirer: Acquirer | null;
}

interface Captured {
  payment: CommandResult<Payment, PaymentEvent>;
  /** The order the payment paid, which now counts the capture; null: it pays none. */
  order: CommandResult<Order, OrderEvent> | null;
  /** The payment link that order collects, which counts it too; null: none. */
  link: CommandResult<PaymentLink, PaymentLinkEvent> | null;
}

/**
 * POST /v1/payments/:id/capture. The payment captures (its rules: authorized, the amount it was
 * authorized for, in its currency); a payment on an order adds its amount to the order's amount
 * paid, and the order may become paid; an order of a payment link counts it on the link as well.
 * Of concurrent captures one wins: the payment's version.
 * Once both deciders accept it, the acquirer takes the money; a capture run again after a lost race
 * asks it again with the same payment id, the same operation.
 */
export const capturePaymentFlow: Flow<CapturePaymentInput, null, Captured, PaymentEntity> = {
  // Nothing to read first: the payment's own decision says which order it pays.
  load: async () => null,

  decide: async (unit, _loaded, { paymentId, amount, currency, metadata, acquirer }) => {
    const payment = await unit.decide({
      ...onPayment(paymentId, { type: 'CapturePayment', data: { amount, currency }, metadata }),
      outbox: undefined, // published below, with its order
    });
    const { state } = payment;
    const order =
      state.status === 'captured' && state.orderId
        ? await unit.decide(
            onOrder(state.orderId, {
              type: 'RecordCapture',
              data: { paymentId, amount: state.amount },
              metadata,
            }),
          )
        : null;
    const link =
      order && state.status === 'captured'
        ? await recordOnLink(
            unit,
            order,
            {
              paymentId,
              amount: state.amount,
              method: orNotFound(paymentDetailsProjection.view(payment.stream)).method,
              paymentCreatedAt: state.createdAt,
            },
            metadata,
          )
        : null;
    if (!acquirer) throw new Error(`no acquirer captures payment ${paymentId}`);
    if (state.status === 'captured')
      await acquirer.capture({ paymentId, amount: state.amount, currency: state.currency });
    return { payment, order, link };
  },

  // payment.captured carries the order it paid; then order.paid if the capture paid the order.
  publish: ({ payment, order, link }) =>
    order
      ? paymentOfOrderEvents(payment, order, link)
      : paymentIntegrationEvents(payment.appended, payment.stream),

  answer: ({ payment }) =>
    toPaymentEntity(orNotFound(paymentDetailsProjection.view(payment.stream))),
};

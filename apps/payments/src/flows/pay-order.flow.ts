import { ValidationFailed } from '@platform/domain-kit';
import type { CommandResult, Flow } from '@platform/event-store';
import { amountDue, orderKind } from '../order/order.decider';
import type { Order } from '../order/order.decider';
import type { OrderEvent } from '../order/order.events';
import { onOrder } from '../order/order.stream';
import type { Payment } from '../payment/payment.decider';
import type { PaymentDetails, PaymentEvent } from '../payment/payment.events';
import { onPayment } from '../payment/payment.stream';
import { paymentCommand, paymentDetails, payerOf } from './checkout-payment';
import type { CheckoutPaymentInput } from './checkout-payment';
import { paymentOfOrderEvents } from './payment-of-order.integration';

export interface PayOrderInput extends CheckoutPaymentInput {
  orderId: string;
}

interface OrderToPay {
  details: PaymentDetails;
  /** The order takes its payments captured at once (its payment_capture). */
  capture: boolean;
}

interface PaidOrder {
  payment: CommandResult<Payment, PaymentEvent>;
  order: CommandResult<Order, OrderEvent>;
}

/**
 * A checkout payment of an order (the simulator, an invoice's or a subscription's order, a saved
 * card's cycle charge): the payment is authorized or declined, and the order records the attempt;
 * with the order's payment_capture the payment is captured at once and the order may become paid.
 */
export const payOrderFlow: Flow<PayOrderInput, OrderToPay, PaidOrder, PaidOrder['payment']> = {
  load: async (reader, input) => {
    const { request, orderId } = input;
    const { state: order } = await reader.read(orderKind, orderId);
    if (order.status === 'new')
      throw new ValidationFailed('The id provided does not exist', 'order_id');
    if (request.currency !== undefined && request.currency !== order.terms.currency)
      throw new ValidationFailed(
        `The currency must be the order currency (${order.terms.currency}).`,
        'currency',
      );
    const customerId = order.terms.customerId ?? null;
    const details = paymentDetails(input, await payerOf(input, customerId), {
      amount: request.amount ?? amountDue(order),
      currency: order.terms.currency,
      orderId,
      qrCodeId: null,
      invoiceId: order.terms.invoiceId,
      customerId,
    });
    return { details, capture: input.outcome.error === null && order.terms.paymentCapture };
  },

  decide: async (unit, { details, capture }, input) => {
    const { paymentId, orderId, metadata, also } = input;
    const payment = await unit.decide({
      ...onPayment(paymentId, paymentCommand(input, details, capture, metadata), true),
      also,
      outbox: undefined, // published below, with the order's
    });
    const order = await unit.decide(
      onOrder(orderId, {
        type: 'RecordPaymentAttempt',
        data: {
          paymentId,
          amount: details.amount,
          authorized: input.outcome.error === null,
          captured: capture,
        },
        metadata,
      }),
    );
    return { payment, order };
  },

  publish: ({ payment, order }) => paymentOfOrderEvents(payment, order),

  answer: ({ payment }) => payment,
};

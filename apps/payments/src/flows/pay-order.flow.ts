import { ValidationFailed } from '@platform/domain-kit';
import type { Flow, SqlFragment } from '@platform/event-store';
import type { Authorization, InstrumentRecord } from '../acquirer/acquirer';
import { amountDue, orderKind } from '../order/order.decider';
import type { PaymentDetails } from '../payment/payment.events';
import { paymentDetails, payerOf } from './checkout-payment';
import type { CheckoutPaymentInput } from './checkout-payment';
import { paymentOfOrderEvents } from './payment-of-order.integration';
import { settleOnOrder } from './settle-on-order';
import type { SettledOrderPayment } from './settle-on-order';

export interface PayOrderInput extends CheckoutPaymentInput {
  orderId: string;
  /** The instrument paid with (a saved token's), as the payment records it. */
  instrument: InstrumentRecord;
  /**
   * The acquirer's decision on the amount the order's rules allow (asked again if the flow runs
   * again: the acquirer answers a repeat of the payment's id the same).
   */
  authorize(charge: { amount: number; currency: string; capture: boolean }): Promise<Authorization>;
  also?: readonly SqlFragment[];
}

interface OrderToPay {
  details: PaymentDetails;
  paymentCapture: boolean;
  authorization: Authorization;
}

/**
 * A payment of an order decided without waiting for anyone (a saved card's cycle charge): the
 * acquirer authorizes or declines the amount due, and the order records the attempt; with the
 * order's payment_capture the payment is captured at once and the order may become paid.
 */
export const payOrderFlow: Flow<
  PayOrderInput,
  OrderToPay,
  SettledOrderPayment,
  SettledOrderPayment['payment']
> = {
  load: async (reader, input) => {
    const { request, orderId } = input;
    const { state: order } = await reader.read(orderKind, orderId);
    if (order.status === 'new')
      throw new ValidationFailed('The id provided does not exist', 'order_id');
    const customerId = order.terms.customerId ?? null;
    const amount = request.amount ?? amountDue(order);
    const { currency, paymentCapture } = order.terms;
    const details = paymentDetails(request, input.instrument, await payerOf(input, customerId), {
      amount,
      currency,
      orderId,
      qrCodeId: null,
      invoiceId: order.terms.invoiceId,
      customerId,
    });
    const authorization = await input.authorize({ amount, currency, capture: paymentCapture });
    return { details, paymentCapture, authorization };
  },

  decide: (unit, { details, paymentCapture, authorization }, input) =>
    settleOnOrder(unit, {
      ...input,
      details,
      paymentCapture,
      authorization,
      isNew: true,
      subscriptionId: null,
    }),

  publish: ({ payment, order, link }) => paymentOfOrderEvents(payment, order, link),

  answer: ({ payment }) => payment,
};

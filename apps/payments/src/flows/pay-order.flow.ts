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
  authorization: Authorization;
  also?: readonly SqlFragment[];
}

interface OrderToPay {
  details: PaymentDetails;
  paymentCapture: boolean;
}

/**
 * A payment of an order decided without waiting for anyone (a saved card's cycle charge): the
 * payment is authorized or declined, and the order records the attempt; with the order's
 * payment_capture the payment is captured at once and the order may become paid.
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
    const details = paymentDetails(request, input.instrument, await payerOf(input, customerId), {
      amount: request.amount ?? amountDue(order),
      currency: order.terms.currency,
      orderId,
      qrCodeId: null,
      invoiceId: order.terms.invoiceId,
      customerId,
    });
    return { details, paymentCapture: order.terms.paymentCapture };
  },

  decide: (unit, { details, paymentCapture }, input) =>
    settleOnOrder(unit, {
      ...input,
      details,
      paymentCapture,
      isNew: true,
      subscriptionId: null,
    }),

  publish: ({ payment, order, link }) => paymentOfOrderEvents(payment, order, link),

  answer: ({ payment }) => payment,
};

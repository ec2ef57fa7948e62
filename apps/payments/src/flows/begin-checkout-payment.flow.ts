import { ValidationFailed } from '@platform/domain-kit';
import type { CommandResult, Flow } from '@platform/event-store';
import type {
  Acquirer,
  Authorization,
  Begun,
  CustomerResponse,
  InstrumentInput,
} from '../acquirer/acquirer';
import { amountDue, orderKind, paymentAmountProblem } from '../order/order.decider';
import type { Payment } from '../payment/payment.decider';
import type { PaymentDetails, PaymentEvent } from '../payment/payment.events';
import { onPayment } from '../payment/payment.stream';
import { paymentDetails, payerOf } from './checkout-payment';
import type { CheckoutPaymentInput } from './checkout-payment';
import { paymentOfOrderEvents } from './payment-of-order.integration';
import { linkPaymentDescription, linkPaymentProblem } from './payment-link-of-order';
import { settleOnOrder } from './settle-on-order';

export interface BeginCheckoutPaymentInput extends CheckoutPaymentInput {
  orderId: string;
  /** The subscription this payment authorizes (its order is the authorization order), or null. */
  subscriptionId: string | null;
  /** The card number and CVV stay in this input, in memory: the acquirer gets them, nothing stores them. */
  instrument: InstrumentInput;
  acquirer: Acquirer;
  /**
   * The customer's answer when it is known before the challenge is shown (the simulator's customer,
   * who says yes): the acquirer is asked at once and nothing waits.
   */
  customerResponse?: CustomerResponse;
}

interface Begin {
  details: PaymentDetails;
  /** The acquirer's decision, or the challenge the customer must answer first. */
  begun: { decided: Authorization } | { challenge: Challenge };
  paymentCapture: boolean;
}

type Challenge = Extract<Begun, { challenge: unknown }>['challenge'];

export interface BegunPayment {
  payment: CommandResult<Payment, PaymentEvent>;
  /** The challenge the customer must answer; null: decided at once. */
  challengeUrl: string | null;
}

/**
 * A customer begins paying an order (or a subscription's authorization order) through checkout.
 * The order's rules are checked before the acquirer is asked (the order of the caller's account and
 * mode, not paid, the amount due and partial payments, the currency, a closed invoice); then the
 * acquirer begins. A challenge leaves the payment `created` (nothing published: Razorpay sends no
 * webhook for it), to be answered through answerCheckoutPaymentFlow; an attempt decided at once (a
 * UPI collect, or a challenge the customer answered before it was shown) is settled with its order
 * in the same statement, as an answer would be.
 */
export const beginCheckoutPaymentFlow: Flow<
  BeginCheckoutPaymentInput,
  Begin,
  BegunPayment & { settled: Parameters<typeof paymentOfOrderEvents> | null },
  BegunPayment
> = {
  load: async (reader, input) => {
    const { request, orderId, paymentId, metadata } = input;
    const { state: order } = await reader.read(orderKind, orderId);
    if (order.status === 'new')
      throw new ValidationFailed('The id provided does not exist', 'order_id');
    const { currency } = order.terms;
    if (request.currency !== undefined && request.currency !== currency)
      throw new ValidationFailed(
        `The currency must be the order currency (${currency}).`,
        'currency',
      );
    const amount = request.amount ?? amountDue(order);
    const problem =
      paymentAmountProblem(order, amount) ??
      (await linkPaymentProblem(reader, order, metadata.now));
    if (problem) throw problem;
    const paymentCapture = order.terms.paymentCapture;
    const begun = await input.acquirer.begin({
      paymentId,
      amount,
      currency,
      instrument: input.instrument,
      capture: paymentCapture,
      now: metadata.now,
    });
    const customerId = order.terms.customerId ?? null;
    const description = linkPaymentDescription(order, request.description);
    const described = description === request.description ? request : { ...request, description };
    const details = paymentDetails(described, begun.instrument, await payerOf(input, customerId), {
      amount,
      currency,
      orderId,
      qrCodeId: null,
      invoiceId: order.terms.invoiceId,
      customerId,
    });
    return { details, begun: await answeredAtOnce(input, begun), paymentCapture };
  },

  decide: async (unit, { details, begun, paymentCapture }, input) => {
    const { paymentId, orderId, subscriptionId, metadata } = input;
    if ('challenge' in begun) {
      const { url, pending } = begun.challenge;
      const acquirer = { name: input.acquirer.name, url, pending };
      const created = {
        type: 'CreatePayment' as const,
        data: { paymentId, details, acquirer, subscriptionId },
        metadata,
      };
      const payment = await unit.decide(onPayment(paymentId, created, true));
      return { payment, challengeUrl: url, settled: null };
    }
    const { payment, order, link } = await settleOnOrder(unit, {
      paymentId,
      orderId,
      details,
      authorization: begun.decided,
      paymentCapture,
      isNew: true,
      subscriptionId,
      metadata,
    });
    return { payment, challengeUrl: null, settled: [payment, order, link] };
  },

  publish: ({ settled }) => (settled ? paymentOfOrderEvents(...settled) : []),

  answer: ({ payment, challengeUrl }) => ({ payment, challengeUrl }),
};

/** The acquirer's decision, with the customer's answer given at once if there is one. */
async function answeredAtOnce(
  { acquirer, paymentId, customerResponse }: BeginCheckoutPaymentInput,
  begun: Begun,
): Promise<Begin['begun']> {
  if ('decided' in begun) return { decided: begun.decided };
  if (!customerResponse) return { challenge: begun.challenge };
  return { decided: await acquirer.answer(paymentId, begun.challenge.pending, customerResponse) };
}

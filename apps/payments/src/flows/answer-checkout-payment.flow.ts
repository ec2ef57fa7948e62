import { IllegalTransition, NotFound } from '@platform/domain-kit';
import type { CommandResult, Flow, FlowInput } from '@platform/event-store';
import type { Acquirer, Authorization, CustomerResponse } from '../acquirer/acquirer';
import { orderKind, paymentAmountProblem } from '../order/order.decider';
import { challengeEnds, paymentKind } from '../payment/payment.decider';
import type { Payment } from '../payment/payment.decider';
import type { PaymentDetails, PaymentEvent } from '../payment/payment.events';
import { paymentIntegrationEvents } from '../payment/payment.integration';
import { onPayment } from '../payment/payment.stream';
import { refusalError } from './checkout-payment';
import { linkPaymentProblem } from './payment-link-of-order';
import { paymentOfOrderEvents } from './payment-of-order.integration';
import { settleOnOrder } from './settle-on-order';
import type { SettledOrderPayment } from './settle-on-order';

export interface AnswerCheckoutPaymentInput extends FlowInput {
  paymentId: string;
  /** The fields the customer submitted on the acquirer's page. */
  response: CustomerResponse;
  /** The acquirer that holds a challenge of this name (the directory's). */
  acquirerNamed: (name: string) => Acquirer | null;
}

/** What the answer comes to, before anything is written. */
type Answered =
  | { kind: 'expired' }
  | { kind: 'refused'; details: PaymentDetails; authorization: Authorization }
  | {
      kind: 'answered';
      details: PaymentDetails;
      authorization: Authorization;
      paymentCapture: boolean;
      subscriptionId: string | null;
    };

export interface AnsweredPayment {
  payment: CommandResult<Payment, PaymentEvent>;
  /** The subscription the payment authorizes, or null. */
  subscriptionId: string | null;
}

/**
 * The customer answered a `created` payment's challenge. Its order's rules are checked again
 * before the acquirer is asked, and the payment is settled with its order in one statement, the
 * order's expected version included: of concurrent answers on one order whose payments it can no
 * longer all take (paid with payment_capture, the amount due of partial payments), the losers run
 * again on the order as the winner left it and fail with its reason (`order_already_paid`). A
 * payment whose 15 minutes have passed fails as timed out; a subscription's authorization saves its
 * instrument as today's simulator does (the token payment's refund follows in the service).
 */
export const answerCheckoutPaymentFlow: Flow<
  AnswerCheckoutPaymentInput,
  Answered,
  AnsweredPayment & {
    order: SettledOrderPayment['order'] | null;
    link: SettledOrderPayment['link'];
  },
  AnsweredPayment
> = {
  load: async (reader, input) => {
    const { paymentId, metadata } = input;
    const { state } = await reader.read(paymentKind, paymentId);
    if (state.status === 'new') throw new NotFound();
    if (state.status !== 'created')
      throw new IllegalTransition(
        `This payment is ${state.status}: it is not waiting for its customer.`,
      );
    if (metadata.now >= challengeEnds(state)) return { kind: 'expired' };
    const { acquirer, subscriptionId, details } = state;
    const { state: order } = await reader.read(orderKind, details.orderId as string);
    if (order.status === 'new') throw new NotFound();
    const problem =
      paymentAmountProblem(order, details.amount) ??
      (await linkPaymentProblem(reader, order, metadata.now));
    if (problem)
      return {
        kind: 'refused',
        details,
        authorization: { authorized: false, error: refusalError(problem) },
      };
    const holder = input.acquirerNamed(acquirer.name);
    if (!holder) throw new Error(`no acquirer ${acquirer.name} holds payment ${paymentId}`);
    const authorization = await holder.answer(paymentId, acquirer.pending, input.response);
    const paymentCapture = order.terms.paymentCapture;
    return { kind: 'answered', details, authorization, paymentCapture, subscriptionId };
  },

  decide: async (unit, answered, { paymentId, metadata }) => {
    if (answered.kind === 'expired') {
      const expire = { type: 'ExpirePayment' as const, data: { paymentId }, metadata };
      const payment = await unit.decide({ ...onPayment(paymentId, expire), outbox: undefined });
      return { payment, order: null, link: null, subscriptionId: null };
    }
    if (answered.kind === 'refused') {
      const { details, authorization } = answered;
      if (authorization.authorized) throw new Error('a refused payment is declined');
      const decline = {
        type: 'DeclinePayment' as const,
        data: { paymentId, details, error: authorization.error },
        metadata,
      };
      const payment = await unit.decide({ ...onPayment(paymentId, decline), outbox: undefined });
      return { payment, order: null, link: null, subscriptionId: null };
    }
    const { details, authorization, paymentCapture, subscriptionId } = answered;
    const orderId = details.orderId as string;
    const settled = await settleOnOrder(unit, {
      paymentId,
      orderId,
      details,
      authorization,
      paymentCapture,
      isNew: false,
      subscriptionId,
      metadata,
    });
    return { ...settled, subscriptionId };
  },

  publish: ({ payment, order, link }) =>
    order
      ? paymentOfOrderEvents(payment, order, link)
      : paymentIntegrationEvents(payment.appended, payment.stream),

  answer: ({ payment, subscriptionId }) => ({ payment, subscriptionId }),
};

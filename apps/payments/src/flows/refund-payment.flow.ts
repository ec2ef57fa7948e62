import type { CommandResult, Flow, FlowInput } from '@platform/event-store';
import type { Payment } from '../payment/payment.decider';
import type { PaymentEvent } from '../payment/payment.events';
import { paymentAt } from '../payment/payment.integration';
import { onPayment } from '../payment/payment.stream';
import { refundDetailsProjection } from '../refund/refund-details/refund-details.projection';
import type { RefundDetailsRow } from '../refund/refund-details/refund-details.entity';
import type { Refund } from '../refund/refund.decider';
import type { Notes, RefundEvent, RefundSpeed, RefundTerms } from '../refund/refund.events';
import { refundIntegrationEvents } from '../refund/refund.integration';
import { onRefund } from '../refund/refund.stream';

export interface RefundPaymentInput extends FlowInput {
  paymentId: string;
  /** A new id (newId('rfnd')), or one per cause when a repeat must not start a second refund. */
  refundId: string;
  /** null: everything still refundable. */
  amount: number | null;
  speed: RefundSpeed;
  notes: Notes;
  receipt: string | null;
  /** The capture window ended (the scheduler's refund of an uncaptured payment). */
  automatic: boolean;
}

interface Refunded {
  payment: CommandResult<Payment, PaymentEvent>;
  /** null: the payment recorded no refund (nothing left to give back). */
  refund: CommandResult<Refund, RefundEvent> | null;
}

/**
 * Gives money back (POST /v1/payments/:id/refund, the capture window's end, a payment billing
 * rejected, a subscription's token payment): the payment records the refund (its rules allow the
 * amount, also under concurrent refunds, by its stream version), then the refund starts with the
 * amount the payment decided. It exists only if the payment recorded one. Answers the refund, or
 * null when there was nothing to refund.
 */
export const refundPaymentFlow: Flow<RefundPaymentInput, null, Refunded, RefundDetailsRow | null> =
  {
    // Nothing to read first: the payment decides how much can go back.
    load: async () => null,

    decide: async (unit, _loaded, input) => {
      const { paymentId, refundId, amount, automatic, metadata } = input;
      const payment = await unit.decide(
        onPayment(paymentId, {
          type: 'RefundPayment',
          data: { refundId, amount, automatic },
          metadata,
        }),
      );
      const refunded = payment.appended.find((event) => event.type === 'PaymentRefunded');
      if (!refunded || payment.state.status === 'new') return { payment, refund: null };
      const terms = refundTerms(input, refunded.data.amount, payment.state.currency);
      const refund = await unit.decide({
        ...onRefund(refundId, { type: 'CreateRefund', data: { refundId, terms }, metadata }, true),
        outbox: undefined, // published below, with the payment as the refund left it
      });
      return { payment, refund };
    },

    // refund.created carries the payment after the refund.
    publish: ({ payment, refund }) =>
      refund
        ? refundIntegrationEvents(
            refund.appended,
            refund.stream,
            paymentAt(payment.stream, payment.stream[payment.stream.length - 1].version),
          )
        : [],

    answer: ({ refund }) => (refund ? refundDetailsProjection.view(refund.stream) : null),
  };

function refundTerms(input: RefundPaymentInput, amount: number, currency: string): RefundTerms {
  return {
    paymentId: input.paymentId,
    amount,
    currency,
    speedRequested: input.speed,
    notes: input.notes,
    receipt: input.receipt,
    automatic: input.automatic,
  };
}

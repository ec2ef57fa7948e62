import type { CommandMetadata } from '@platform/domain-kit';
import { newId } from '@platform/domain-kit';
import type { CommandHandler, CommandResult, HandleOptions } from '@platform/event-store';
import type { Payment } from '../payment/payment.decider';
import type { PaymentEvent } from '../payment/payment.events';
import { paymentAt } from '../payment/payment.integration';
import { onPayment } from '../payment/payment.stream';
import { refundDetailsProjection } from './refund-details/refund-details.projection';
import type { RefundDetailsRow } from './refund-details/refund-details.entity';
import type { Notes, RefundSpeed, RefundTerms } from './refund.events';
import type { Refund } from './refund.decider';
import type { RefundEvent } from './refund.events';
import { refundIntegrationEvents } from './refund.integration';
import { onRefund } from './refund.stream';

export interface RefundRequest {
  paymentId: string;
  /** null: everything still refundable. */
  amount: number | null;
  speed: RefundSpeed;
  notes: Notes;
  receipt: string | null;
  /** The capture window ended (the scheduler's refund of an uncaptured payment). */
  automatic: boolean;
  /** The refund's id when it must be one per cause (a rejected payment's), so a repeat cannot start a second; default a new id. */
  refundId?: string;
}

/**
 * Gives money back: the payment records the refund (its rules allow the amount, also under
 * concurrent refunds, by its stream version) and the refund stream starts, in one statement. The
 * refund follows the payment's decision: it exists only if the payment recorded one, of the amount
 * the payment decided. Returns the refund, or null when there was nothing to refund.
 */
export async function issueRefund(
  handler: CommandHandler,
  metadata: CommandMetadata,
  request: RefundRequest,
  options?: HandleOptions,
): Promise<RefundDetailsRow | null> {
  const refundId = request.refundId ?? newId('rfnd');
  const { paymentId, amount, automatic } = request;
  const [, refund] = await handler.handleThen(
    onPayment(paymentId, {
      type: 'RefundPayment',
      data: { refundId, amount, automatic },
      metadata,
    }),
    ({ state, appended }) => {
      const refunded = appended.find((event) => event.type === 'PaymentRefunded');
      if (!refunded || state.status === 'new') return null;
      const terms = refundTerms(request, refunded.data.amount, state.currency);
      // refund.created carries the payment after the refund: it is published with both results.
      return {
        ...onRefund(refundId, { type: 'CreateRefund', data: { refundId, terms }, metadata }, true),
        outbox: undefined,
      };
    },
    {
      ...options,
      outbox: (payment, refund) => (refund ? refundCreatedWithPayment(payment, refund) : []),
    },
  );
  return refund ? refundDetailsProjection.view(refund.stream) : null;
}

function refundTerms(request: RefundRequest, amount: number, currency: string): RefundTerms {
  return {
    paymentId: request.paymentId,
    amount,
    currency,
    speedRequested: request.speed,
    notes: request.notes,
    receipt: request.receipt,
    automatic: request.automatic,
  };
}

/** The refund's published events, `refund.created` with the payment as the refund left it. */
function refundCreatedWithPayment(
  payment: CommandResult<Payment, PaymentEvent>,
  refund: CommandResult<Refund, RefundEvent>,
) {
  return refundIntegrationEvents(
    refund.appended,
    refund.stream,
    paymentAt(payment.stream, payment.stream[payment.stream.length - 1].version),
  );
}

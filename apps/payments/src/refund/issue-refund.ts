import type { CommandMetadata } from '@platform/domain-kit';
import { newId, NotFound } from '@platform/domain-kit';
import type { CommandHandler, CommandResult, HandleOptions } from '@platform/event-store';
import type { RefundPayment } from '../payment/payment.commands';
import { paymentDecider, paymentKind } from '../payment/payment.decider';
import type { Payment } from '../payment/payment.decider';
import type { PaymentEvent } from '../payment/payment.events';
import { paymentAt } from '../payment/payment.integration';
import { onPayment } from '../payment/payment.stream';
import { refundDetailsProjection } from './refund-details/refund-details.projection';
import type { RefundDetailsRow } from './refund-details/refund-details.entity';
import type { Notes, RefundSpeed } from './refund.events';
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
 * payment's decider is asked first (it is pure): the refund exists only if the payment agrees, with
 * the amount it decided. Returns the refund, or null when there was nothing to refund.
 */
export async function issueRefund(
  handler: CommandHandler,
  metadata: CommandMetadata,
  request: RefundRequest,
  options?: HandleOptions,
): Promise<RefundDetailsRow | null> {
  const refundId = request.refundId ?? newId('rfnd');
  const results = await handler.handleAll(
    metadata,
    async (reader) => {
      const { state } = await reader.read(paymentKind, request.paymentId);
      if (state.status === 'new') throw new NotFound();
      const command: RefundPayment = {
        type: 'RefundPayment',
        data: { refundId, amount: request.amount, automatic: request.automatic },
        metadata,
      };
      const decided = [paymentDecider.decide(command, state)]
        .flat()
        .find((event) => event.type === 'PaymentRefunded');
      if (!decided || decided.type !== 'PaymentRefunded') return [];
      const terms = {
        paymentId: request.paymentId,
        amount: decided.data.amount,
        currency: state.currency,
        speedRequested: request.speed,
        notes: request.notes,
        receipt: request.receipt,
        automatic: request.automatic,
      };
      // refund.created carries the payment after the refund: it is published with both results (refundCreatedWithPayment).
      return [
        onPayment(request.paymentId, command),
        {
          ...onRefund(
            refundId,
            { type: 'CreateRefund', data: { refundId, terms }, metadata },
            true,
          ),
          outbox: undefined,
        },
      ];
    },
    ([payment, refund]) =>
      refund
        ? refundCreatedWithPayment(
            payment as CommandResult<Payment, PaymentEvent>,
            refund as CommandResult<Refund, RefundEvent>,
          )
        : [],
    options,
  );
  const refund = results[1];
  return refund ? refundDetailsProjection.view(refund.stream) : null;
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

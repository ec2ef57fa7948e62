import type { CommandMetadata } from '@platform/domain-kit';
import { newId, NotFound } from '@platform/domain-kit';
import type { CommandHandler } from '@platform/event-store';
import type { RecordDispute } from '../payment/payment.commands';
import { paymentDecider, paymentKind } from '../payment/payment.decider';
import { onPayment } from '../payment/payment.stream';
import { disputeDetailsProjection } from './dispute-details/dispute-details.projection';
import type { DisputeDetailsRow } from './dispute-details/dispute-details.entity';
import { RESPONSE_WINDOW_MS } from './dispute.decider';
import type { DisputePhase } from './dispute.events';
import { onDispute } from './dispute.stream';

export interface DisputeRequest {
  paymentId: string;
  /** null: all the payment still has that can be disputed. */
  amount: number | null;
  reasonCode: string;
  phase: DisputePhase;
}

/**
 * A bank raises a dispute: the payment records it (its rules keep the amount within captured minus
 * refunded minus disputed, also under concurrent disputes, by its stream version) and the dispute
 * starts, in one statement. The payment's decider is asked first (it is pure) for the amount.
 */
export async function raiseDispute(
  handler: CommandHandler,
  metadata: CommandMetadata,
  request: DisputeRequest,
): Promise<DisputeDetailsRow> {
  const disputeId = newId('disp');
  const [, dispute] = await handler.handleAll(metadata, async (reader) => {
    const { state } = await reader.read(paymentKind, request.paymentId);
    if (state.status === 'new') throw new NotFound();
    const command: RecordDispute = {
      type: 'RecordDispute',
      data: { disputeId, amount: request.amount },
      metadata,
    };
    const [recorded] = [paymentDecider.decide(command, state)].flat();
    if (recorded.type !== 'PaymentDisputed')
      throw new Error('a dispute must be recorded on its payment');
    const terms = {
      paymentId: request.paymentId,
      amount: recorded.data.amount,
      currency: state.currency,
      reasonCode: request.reasonCode,
      phase: request.phase,
      respondBy: metadata.now + RESPONSE_WINDOW_MS,
    };
    return [
      onPayment(request.paymentId, command),
      onDispute(disputeId, { type: 'RaiseDispute', data: { disputeId, terms }, metadata }, true),
    ] as const;
  });
  const row = disputeDetailsProjection.view(dispute.stream);
  if (!row) throw new NotFound();
  return row;
}

import { randomInt } from 'node:crypto';
import { orNotFound } from '@platform/event-store';
import type { CommandResult, Flow, FlowInput } from '@platform/event-store';
import { disputeDetailsProjection } from '../dispute/dispute-details/dispute-details.projection';
import type { DisputeDetailsRow } from '../dispute/dispute-details/dispute-details.entity';
import { RESPONSE_WINDOW_MS } from '../dispute/dispute.decider';
import type { Dispute } from '../dispute/dispute.decider';
import type { DisputeEvent, DisputePhase } from '../dispute/dispute.events';
import { onDispute } from '../dispute/dispute.stream';
import { onPayment } from '../payment/payment.stream';

export interface RaiseDisputeInput extends FlowInput {
  paymentId: string;
  disputeId: string;
  /** The case number the customer's bank gave it. */
  gatewayDisputeId: string;
  /** null: all the payment still has that can be disputed. */
  amount: number | null;
  reasonCode: string;
  phase: DisputePhase;
}

/**
 * A customer's bank raises a dispute (the simulator, the dispute test card): the payment records it
 * (its rules keep the amount within captured minus refunded minus disputed, also under concurrent
 * disputes, by its stream version), then the dispute starts with the amount the payment recorded.
 */
export const raiseDisputeFlow: Flow<
  RaiseDisputeInput,
  null,
  CommandResult<Dispute, DisputeEvent>,
  DisputeDetailsRow
> = {
  // Nothing to read first: the payment decides what can be disputed.
  load: async () => null,

  decide: async (unit, _loaded, input) => {
    const { paymentId, disputeId, amount, metadata } = input;
    const payment = await unit.decide(
      onPayment(paymentId, { type: 'RecordDispute', data: { disputeId, amount }, metadata }),
    );
    const recorded = payment.appended.find((event) => event.type === 'PaymentDisputed');
    if (recorded?.type !== 'PaymentDisputed' || payment.state.status === 'new')
      throw new Error('a dispute must be recorded on its payment');
    const terms = {
      paymentId,
      amount: recorded.data.amount,
      currency: payment.state.currency,
      reasonCode: input.reasonCode,
      phase: input.phase,
      respondBy: metadata.now + RESPONSE_WINDOW_MS,
      gatewayDisputeId: input.gatewayDisputeId,
    };
    return unit.decide(
      onDispute(disputeId, { type: 'RaiseDispute', data: { disputeId, terms }, metadata }, true),
    );
  },

  // Nothing about both together: each stream publishes its own events through its spec.
  publish: () => [],

  answer: (dispute) => orNotFound(disputeDetailsProjection.view(dispute.stream)),
};

/** The case number a customer's bank gives a dispute (12 digits, as card networks number chargebacks). */
export function bankCaseNumber(): string {
  return Array.from({ length: 12 }, () => randomInt(10)).join('');
}

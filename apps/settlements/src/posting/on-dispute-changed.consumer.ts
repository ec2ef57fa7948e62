import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { disputeEventProblem, PaymentEventTypes } from '@platform/contracts';
import type { PublishedDisputeEvent } from '@platform/contracts';
import { idFor } from '@platform/domain-kit';
import { CommandHandler, commandBatch } from '@platform/event-store';
import { EventBatch, eventMetadata, inbox } from '@platform/messaging';
import { scheduleCycles } from '../common/settlement-cycle';
import type { DisputePostingCommand } from './posting.commands';
import { onDisputePosting } from './posting.stream';

export const LEDGER_DISPUTES_CONSUMER = 'settlements.ledger-disputes';

const OUTCOMES: Partial<Record<PublishedDisputeEvent['type'], 'won' | 'closed' | 'lost'>> = {
  [PaymentEventTypes.disputeWon]: 'won',
  [PaymentEventTypes.disputeClosed]: 'closed',
  [PaymentEventTypes.disputeLost]: 'lost',
};

/**
 * payments.dispute → the ledger: an opened dispute puts its amount on hold; its end releases the
 * hold, and a lost one deducts amount_deducted. The adjustments' ids come from the dispute's, so a
 * replay names the same rows. under_review changes no money.
 */
@Controller()
export class OnDisputeChangedConsumer {
  constructor(private readonly handler: CommandHandler) {}

  /** A dispute's opening and its outcomes move money; its review does not. */
  @EventPattern(
    [
      PaymentEventTypes.disputeCreated,
      PaymentEventTypes.disputeWon,
      PaymentEventTypes.disputeClosed,
      PaymentEventTypes.disputeLost,
    ],
    inbox(LEDGER_DISPUTES_CONSUMER, disputeEventProblem),
  )
  async post(
    @Payload() moving: readonly PublishedDisputeEvent[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
    const specs = moving.map((event) => onDisputePosting(event.data.dispute.id, commandFor(event)));
    await this.handler.handle(
      commandBatch(specs, [scheduleCycles(moving.map((event) => eventMetadata(event)))]),
      {
        runner: batch.tx,
      },
    );
  }
}

function commandFor(event: PublishedDisputeEvent): DisputePostingCommand {
  const { dispute } = event.data;
  const terms = {
    disputeId: dispute.id,
    paymentId: dispute.payment_id,
    currency: dispute.currency,
    amount: dispute.amount,
  };
  const metadata = eventMetadata(event);
  const outcome = OUTCOMES[event.type];
  if (!outcome)
    return {
      type: 'OpenDisputeHold',
      data: { terms, holdId: idFor('adj', `${dispute.id}:hold`) },
      metadata,
    };
  return {
    type: 'ResolveDispute',
    data: {
      terms,
      outcome,
      amountDeducted: dispute.amount_deducted,
      releaseId: idFor('adj', `${dispute.id}:release`),
      lossId: idFor('adj', `${dispute.id}:loss`),
    },
    metadata,
  };
}

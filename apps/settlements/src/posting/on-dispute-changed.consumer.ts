import { Injectable } from '@nestjs/common';
import { disputeEventProblem, PaymentEventTypes, Topics } from '@platform/contracts';
import type { DisputeEvent } from '@platform/contracts';
import { idFor } from '@platform/domain-kit';
import { CommandHandler } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { eventMetadata, IntegrationEventHandler } from '@platform/messaging';
import type { EventHandler } from '@platform/messaging';
import { scheduleCycles } from '../settlement/settlement-cycle';
import type { DisputePostingCommand } from './posting.commands';
import { onDisputePosting } from './posting.stream';

export const LEDGER_DISPUTES_CONSUMER = 'settlements.ledger-disputes';

const OUTCOMES: Partial<Record<DisputeEvent['type'], 'won' | 'closed' | 'lost'>> = {
  [PaymentEventTypes.disputeWon]: 'won',
  [PaymentEventTypes.disputeClosed]: 'closed',
  [PaymentEventTypes.disputeLost]: 'lost',
};

/**
 * payments.dispute → the ledger: an opened dispute puts its amount on hold; its end releases the
 * hold, and a lost one deducts amount_deducted. The adjustments' ids come from the dispute's, so a
 * replay names the same rows. under_review changes no money.
 */
@Injectable()
@IntegrationEventHandler()
export class OnDisputeChangedConsumer implements EventHandler<DisputeEvent> {
  readonly topic = Topics.paymentsDispute;
  readonly consumer = LEDGER_DISPUTES_CONSUMER;

  constructor(private readonly handler: CommandHandler) {}

  problem(event: DisputeEvent): string | null {
    return disputeEventProblem(event);
  }

  apply(tx: SqlRunner, event: DisputeEvent): Promise<void> {
    return this.applyAll(tx, [event]);
  }

  async applyAll(tx: SqlRunner, events: readonly DisputeEvent[]): Promise<void> {
    const moving = events.filter(
      (event) => event.type === PaymentEventTypes.disputeCreated || OUTCOMES[event.type],
    );
    if (moving.length === 0) return;
    const specs = moving.map((event) => onDisputePosting(event.data.dispute.id, commandFor(event)));
    await this.handler.handleBatch(specs, {
      runner: tx,
      also: [scheduleCycles(moving.map((event) => eventMetadata(event)))],
    });
  }
}

function commandFor(event: DisputeEvent): DisputePostingCommand {
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

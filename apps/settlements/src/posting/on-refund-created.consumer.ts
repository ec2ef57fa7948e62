import { Injectable } from '@nestjs/common';
import { PaymentEventTypes, refundCreatedProblem, Topics } from '@platform/contracts';
import type { RefundCreatedEvent, RefundEvent } from '@platform/contracts';
import { CommandHandler } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { eventMetadata, IntegrationEventHandler } from '@platform/messaging';
import type { EventHandler } from '@platform/messaging';
import { scheduleCycles } from '../settlement/settlement-cycle';
import { paymentFactsOf } from './payment-facts';
import { onRefundPosting } from './posting.stream';

export const LEDGER_REFUNDS_CONSUMER = 'settlements.ledger-refunds';

const isCreated = (event: RefundEvent): event is RefundCreatedEvent =>
  event.type === PaymentEventTypes.refundCreated;

/**
 * payments.refund → the ledger: a refund takes its amount from the balance when it is created, once,
 * even if its payment's capture has not reached the ledger yet. The refund of a payment that was
 * never captured (the capture window's automatic refund) posts nothing.
 */
@Injectable()
@IntegrationEventHandler()
export class OnRefundCreatedConsumer implements EventHandler<RefundEvent> {
  readonly topic = Topics.paymentsRefund;
  readonly consumer = LEDGER_REFUNDS_CONSUMER;

  constructor(private readonly handler: CommandHandler) {}

  problem(event: RefundEvent): string | null {
    return isCreated(event) ? refundCreatedProblem(event) : null;
  }

  apply(tx: SqlRunner, event: RefundEvent): Promise<void> {
    return this.applyAll(tx, [event]);
  }

  async applyAll(tx: SqlRunner, events: readonly RefundEvent[]): Promise<void> {
    const created = events.filter(isCreated);
    if (created.length === 0) return;
    const specs = created.map((event) => {
      const { refund, payment } = event.data;
      // Messages from before refund.created carried the payment were all of captured payments' refunds made through the API.
      const data = {
        refundId: refund.id,
        paymentId: refund.payment_id,
        currency: refund.currency,
        amount: refund.amount,
        notes: refund.notes ?? {},
        captured: payment?.captured ?? true,
        payment: payment ? paymentFactsOf(payment, null) : null,
      };
      return onRefundPosting(refund.id, {
        type: 'PostRefund',
        data,
        metadata: eventMetadata(event),
      });
    });
    await this.handler.handleBatch(specs, {
      runner: tx,
      also: [scheduleCycles(created.map((event) => eventMetadata(event)))],
    });
  }
}

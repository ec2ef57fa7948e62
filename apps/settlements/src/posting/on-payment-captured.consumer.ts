import { Injectable } from '@nestjs/common';
import { PaymentEventTypes, paymentCapturedProblem, Topics } from '@platform/contracts';
import type { PaymentCapturedEvent, PaymentEvent } from '@platform/contracts';
import { CommandHandler } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { eventMetadata, IntegrationEventHandler } from '@platform/messaging';
import type { EventHandler } from '@platform/messaging';
import { scheduleCycles } from '../settlement/settlement-cycle';
import { paymentFactsOf } from './payment-facts';
import { onCapturePosting } from './posting.stream';

export const LEDGER_CAPTURES_CONSUMER = 'settlements.ledger-captures';

const isCapture = (event: PaymentEvent): event is PaymentCapturedEvent =>
  event.type === PaymentEventTypes.paymentCaptured;

/**
 * payments.payment → the ledger: each captured payment is posted once (its amount less the fee to
 * the balance), a whole batch of messages in one statement in the inbox's transaction.
 */
@Injectable()
@IntegrationEventHandler()
export class OnPaymentCapturedConsumer implements EventHandler<PaymentEvent> {
  readonly topic = Topics.paymentsPayment;
  readonly consumer = LEDGER_CAPTURES_CONSUMER;

  constructor(private readonly handler: CommandHandler) {}

  problem(event: PaymentEvent): string | null {
    return isCapture(event) ? paymentCapturedProblem(event) : null;
  }

  apply(tx: SqlRunner, event: PaymentEvent): Promise<void> {
    return this.applyAll(tx, [event]);
  }

  async applyAll(tx: SqlRunner, events: readonly PaymentEvent[]): Promise<void> {
    const captures = events.filter(isCapture);
    if (captures.length === 0) return;
    const specs = captures.map((event) => {
      const { payment, order } = event.data;
      const data = {
        paymentId: payment.id,
        currency: payment.currency,
        amount: payment.amount,
        fee: payment.fee ?? 0,
        tax: payment.tax ?? 0,
        payment: paymentFactsOf(payment, order),
      };
      return onCapturePosting(payment.id, {
        type: 'PostCapture',
        data,
        metadata: eventMetadata(event),
      });
    });
    await this.handler.handleBatch(specs, {
      runner: tx,
      also: [scheduleCycles(captures.map((event) => eventMetadata(event)))],
    });
  }
}

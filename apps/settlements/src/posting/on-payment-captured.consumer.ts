import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { PaymentEventTypes, paymentCapturedProblem } from '@platform/contracts';
import type { PaymentCapturedEvent } from '@platform/contracts';
import { CommandHandler, commandBatch } from '@platform/event-store';
import { EventBatch, eventMetadata, inbox } from '@platform/messaging';
import { scheduleCycles } from '../common/settlement-cycle';
import { paymentFactsOf } from './payment-facts';
import { onCapturePosting } from './posting.stream';

export const LEDGER_CAPTURES_CONSUMER = 'settlements.ledger-captures';

/**
 * payments.payment → the ledger: each captured payment is posted once (its amount less the fee to
 * the balance), a whole batch of messages in one statement in the inbox's transaction.
 */
@Controller()
export class OnPaymentCapturedConsumer {
  constructor(private readonly handler: CommandHandler) {}

  @EventPattern(
    PaymentEventTypes.paymentCaptured,
    inbox(LEDGER_CAPTURES_CONSUMER, paymentCapturedProblem),
  )
  async post(
    @Payload() captures: readonly PaymentCapturedEvent[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
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
    await this.handler.handle(
      commandBatch(specs, [scheduleCycles(captures.map((event) => eventMetadata(event)))]),
      {
        runner: batch.tx,
      },
    );
  }
}

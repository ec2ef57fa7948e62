import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { PaymentEventTypes, refundCreatedProblem } from '@platform/contracts';
import type { RefundCreatedEvent } from '@platform/contracts';
import { CommandHandler, commandBatch } from '@platform/event-store';
import { EventBatch, eventMetadata, inbox } from '@platform/messaging';
import { scheduleCycles } from '../common/settlement-cycle';
import { paymentFactsOf } from './payment-facts';
import { onRefundPosting } from './posting.stream';

export const LEDGER_REFUNDS_CONSUMER = 'settlements.ledger-refunds';

/**
 * payments.refund → the ledger: a refund takes its amount from the balance when it is created, once,
 * even if its payment's capture has not reached the ledger yet. The refund of a payment that was
 * never captured (the capture window's automatic refund) posts nothing.
 */
@Controller()
export class OnRefundCreatedConsumer {
  constructor(private readonly handler: CommandHandler) {}

  @EventPattern(
    PaymentEventTypes.refundCreated,
    inbox(LEDGER_REFUNDS_CONSUMER, refundCreatedProblem),
  )
  async post(
    @Payload() created: readonly RefundCreatedEvent[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
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
    await this.handler.handle(
      commandBatch(specs, [scheduleCycles(created.map((event) => eventMetadata(event)))]),
      {
        runner: batch.tx,
      },
    );
  }
}

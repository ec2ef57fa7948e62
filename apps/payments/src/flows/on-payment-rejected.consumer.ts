import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { InvoiceEventTypes, paymentRejectionProblem } from '@platform/contracts';
import type {
  IntegrationEvent,
  InvoicePaymentRejectedEvent,
  PaymentRejection,
  PublishedSubscriptionEvent,
} from '@platform/contracts';
import { idFor, unlessRefused } from '@platform/domain-kit';
import { CommandHandler, runFlow } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { EventBatch, eventLogFields, eventMetadata, inbox } from '@platform/messaging';
import { refundPaymentFlow } from './refund-payment.flow';

export const LATE_INVOICE_PAYMENTS_CONSUMER = 'payments.late-invoice-payments';
export const LATE_SUBSCRIPTION_PAYMENTS_CONSUMER = 'payments.late-subscription-payments';

/** A rejected payment has one refund, whoever rejected it and however often: its id comes from the payment's. */
export const lateRefundId = (paymentId: string): string => idFor('rfnd', `rejected:${paymentId}`);

/**
 * Refunds in full a captured payment billing rejected (it arrived after its invoice or subscription
 * could take it), through the normal refund: the payment records it, `refund.created` and later
 * `refund.processed` follow, and the notes say why. Harmless when repeated: the refund's id is the
 * payment's, and a payment refunded in full already (a token payment is, at once) refuses another.
 */
async function refundRejected(
  handler: CommandHandler,
  tx: SqlRunner,
  event: IntegrationEvent,
  rejection: PaymentRejection,
  about: Record<string, string>,
  logger: Logger,
): Promise<void> {
  const paymentId = rejection.payment_id;
  const request = {
    metadata: eventMetadata(event),
    paymentId,
    amount: null,
    speed: 'optimum' as const,
    notes: { reason: rejection.reason, ...about },
    receipt: null,
    automatic: false,
    refundId: lateRefundId(paymentId),
  };
  await unlessRefused(
    () => runFlow(handler, refundPaymentFlow, request, { runner: tx }),
    (error) =>
      logger.log({
        ...eventLogFields(event),
        msg: 'rejected payment not refunded again',
        paymentId,
        reason: rejection.reason,
        refusal: error.description,
      }),
  );
}

/** billing.invoice `invoice.payment_rejected` → the payment's full refund. */
@Controller()
export class OnInvoicePaymentRejectedConsumer {
  private readonly logger = new Logger(OnInvoicePaymentRejectedConsumer.name);

  constructor(private readonly handler: CommandHandler) {}

  @EventPattern(
    InvoiceEventTypes.paymentRejected,
    inbox(LATE_INVOICE_PAYMENTS_CONSUMER, (event: InvoicePaymentRejectedEvent) =>
      paymentRejectionProblem(event.data.rejection),
    ),
  )
  async refund(
    @Payload() events: readonly InvoicePaymentRejectedEvent[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
    for (const event of events)
      await refundRejected(
        this.handler,
        batch.tx,
        event,
        event.data.rejection,
        { invoice_id: event.data.invoice.id },
        this.logger,
      );
  }
}

/** billing.subscription `subscription.payment_rejected` → the payment's full refund. */
@Controller()
export class OnSubscriptionPaymentRejectedConsumer {
  private readonly logger = new Logger(OnSubscriptionPaymentRejectedConsumer.name);

  constructor(private readonly handler: CommandHandler) {}

  @EventPattern(
    'subscription.payment_rejected',
    inbox(LATE_SUBSCRIPTION_PAYMENTS_CONSUMER, (event: PublishedSubscriptionEvent) =>
      paymentRejectionProblem(event.data.rejection),
    ),
  )
  async refund(
    @Payload() events: readonly PublishedSubscriptionEvent[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
    for (const event of events) {
      const { rejection, subscription } = event.data;
      if (!rejection) continue; // never: such an event is a dead letter (its problem) before this
      await refundRejected(
        this.handler,
        batch.tx,
        event,
        rejection,
        { subscription_id: subscription.id },
        this.logger,
      );
    }
  }
}

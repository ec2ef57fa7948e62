import { Injectable, Logger } from '@nestjs/common';
import { InvoiceEventTypes, paymentRejectionProblem, Topics } from '@platform/contracts';
import type {
  IntegrationEvent,
  InvoiceEvent,
  PaymentRejection,
  SubscriptionEvent,
} from '@platform/contracts';
import { idFor, unlessRefused } from '@platform/domain-kit';
import { CommandHandler } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { eventMetadata, IntegrationEventHandler } from '@platform/messaging';
import type { EventHandler } from '@platform/messaging';
import { issueRefund } from './issue-refund';

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
    paymentId,
    amount: null,
    speed: 'optimum' as const,
    notes: { reason: rejection.reason, ...about },
    receipt: null,
    automatic: false,
    refundId: lateRefundId(paymentId),
  };
  await unlessRefused(
    () => issueRefund(handler, eventMetadata(event), request, { runner: tx }),
    (error) =>
      logger.log({
        msg: 'rejected payment not refunded again',
        paymentId,
        reason: rejection.reason,
        refusal: error.description,
      }),
  );
}

/** billing.invoice `invoice.payment_rejected` → the payment's full refund. */
@Injectable()
@IntegrationEventHandler()
export class OnInvoicePaymentRejectedConsumer implements EventHandler<InvoiceEvent> {
  readonly topic = Topics.billingInvoice;
  readonly consumer = LATE_INVOICE_PAYMENTS_CONSUMER;
  private readonly logger = new Logger(OnInvoicePaymentRejectedConsumer.name);

  constructor(private readonly handler: CommandHandler) {}

  problem(event: InvoiceEvent): string | null {
    return event.type === InvoiceEventTypes.paymentRejected
      ? paymentRejectionProblem(event.data.rejection)
      : null;
  }

  async apply(tx: SqlRunner, event: InvoiceEvent): Promise<void> {
    if (event.type !== InvoiceEventTypes.paymentRejected) return;
    await refundRejected(
      this.handler,
      tx,
      event,
      event.data.rejection,
      { invoice_id: event.data.invoice.id },
      this.logger,
    );
  }
}

/** billing.subscription `subscription.payment_rejected` → the payment's full refund. */
@Injectable()
@IntegrationEventHandler()
export class OnSubscriptionPaymentRejectedConsumer implements EventHandler<SubscriptionEvent> {
  readonly topic = Topics.billingSubscription;
  readonly consumer = LATE_SUBSCRIPTION_PAYMENTS_CONSUMER;
  private readonly logger = new Logger(OnSubscriptionPaymentRejectedConsumer.name);

  constructor(private readonly handler: CommandHandler) {}

  problem(event: SubscriptionEvent): string | null {
    return event.type === 'subscription.payment_rejected'
      ? paymentRejectionProblem(event.data.rejection)
      : null;
  }

  async apply(tx: SqlRunner, event: SubscriptionEvent): Promise<void> {
    const { rejection, subscription } = event.data;
    if (event.type !== 'subscription.payment_rejected' || !rejection) return;
    await refundRejected(
      this.handler,
      tx,
      event,
      rejection,
      { subscription_id: subscription.id },
      this.logger,
    );
  }
}

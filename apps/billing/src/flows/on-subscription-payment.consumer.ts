import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { PaymentEventTypes } from '@platform/contracts';
import type { PaymentCapturedEvent, PaymentEntity, PaymentFailedEvent } from '@platform/contracts';
import { unlessRefused } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, runFlow } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { EventBatch, eventLogFields, eventMetadata, inbox } from '@platform/messaging';
import { onceMoreIfCustomerMadeMeanwhile } from '../customer/find-or-create-customer';
import { getInvoiceDetails } from '../invoice/invoice-details/invoice-details.query';
import type { UnstampedSubscriptionCommand } from '../subscription/subscription.commands';
import {
  authorizationOrdersAmong,
  findSubscriptionByAuthorizationOrder,
  getSubscriptionDetails,
} from '../subscription/subscription-details/subscription-details.query';
import { SubscriptionService } from '../subscription/subscription.service';
import { recordSubscriptionPaymentFlow } from './record-subscription-payment.flow';

export const SUBSCRIPTION_PAYMENTS_CONSUMER = 'billing.subscription-payments';

type SubscriptionPaymentEvent = PaymentCapturedEvent | PaymentFailedEvent;

/**
 * The payments this consumer may act on, asked before any transaction: one on an invoice, or on a
 * subscription's authorization order (read from the subscriptions, as the handler reads it). A
 * subscription and its authorization order id are committed together, before payments can make
 * the order, let alone a payment on it: a read after the payment's event arrived always finds it.
 * Anything malformed (no payment) is kept, to fail the ordinary way.
 */
export async function subscriptionPayments(
  db: SqlRunner,
  events: readonly SubscriptionPaymentEvent[],
): Promise<readonly SubscriptionPaymentEvent[]> {
  /** The order of a payment on no invoice (the handler's only other way to a subscription), or null. */
  const orderOnly = (event: SubscriptionPaymentEvent): string | null => {
    const payment: unknown = event.data?.payment;
    if (typeof payment !== 'object' || payment === null) return null;
    const { invoice_id: invoiceId, order_id: orderId } = payment as PaymentEntity;
    return invoiceId === null && typeof orderId === 'string' ? orderId : null;
  };
  /** A payment on neither an invoice nor an order, which the handler passes by. */
  const onNothing = (event: SubscriptionPaymentEvent): boolean =>
    event.data?.payment?.invoice_id === null && event.data.payment.order_id === null;
  const orderIds = [...new Set(events.map(orderOnly).filter((id) => id !== null))];
  const authorizing = await authorizationOrdersAmong(db, orderIds);
  return events.filter((event) => {
    if (onNothing(event)) return false;
    const orderId = orderOnly(event);
    return orderId === null || authorizing.has(`${orderId}|${event.account_id}|${event.mode}`);
  });
}

/**
 * payments.payment → subscriptions. A payment on the authorization order (the first cycle's invoice,
 * or the token payment) authorizes the subscription; one on a later cycle's invoice charges that
 * cycle; a failed one counts as a failed authorization or a failed charge (which retries, then halts).
 * The decider takes each payment once, however often it arrives.
 */
@Controller()
export class OnSubscriptionPaymentConsumer {
  private readonly logger = new Logger(OnSubscriptionPaymentConsumer.name);

  constructor(
    private readonly handler: CommandHandler,
    private readonly subscriptions: SubscriptionService,
  ) {}

  @EventPattern(
    [PaymentEventTypes.paymentCaptured, PaymentEventTypes.paymentFailed],
    inbox(SUBSCRIPTION_PAYMENTS_CONSUMER, { relevant: subscriptionPayments }),
  )
  async record(
    @Payload() payments: readonly (PaymentCapturedEvent | PaymentFailedEvent)[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
    for (const event of payments) await this.recordOne(batch.tx, event);
  }

  private async recordOne(
    tx: SqlRunner,
    event: PaymentCapturedEvent | PaymentFailedEvent,
  ): Promise<void> {
    const { payment } = event.data;
    const metadata: CommandMetadata = eventMetadata(event);
    const target = await this.subscriptionOf(tx, metadata, payment.invoice_id, payment.order_id);
    if (!target) return;
    const captured = event.type === PaymentEventTypes.paymentCaptured;
    let command: UnstampedSubscriptionCommand;
    if (target.authorizing) {
      command = captured
        ? {
            type: 'AuthorizeSubscription',
            data: {
              paymentId: payment.id,
              orderId: payment.order_id as string,
              customerId: null,
              method: payment.method,
            },
          }
        : { type: 'RecordAuthorizationFailure', data: { paymentId: payment.id } };
    } else {
      const invoiceId = payment.invoice_id as string;
      command = captured
        ? { type: 'RecordCycleCharge', data: { invoiceId, paymentId: payment.id } }
        : { type: 'RecordCycleChargeFailure', data: { invoiceId, paymentId: payment.id } };
    }
    const payer = { email: payment.email || null, contact: payment.contact || null };
    await unlessRefused(
      // In the inbox transaction: the payment is taken with the inbox row, or not at all.
      () =>
        onceMoreIfCustomerMadeMeanwhile(() =>
          runFlow(
            this.handler,
            recordSubscriptionPaymentFlow,
            {
              metadata,
              subscriptionId: target.subscriptionId,
              command: { ...command, metadata },
              payer,
              tx,
              publicBaseUrl: this.subscriptions.publicBaseUrl,
            },
            { runner: tx },
          ),
        ),
      (error) =>
        this.logger.warn({
          ...eventLogFields(event),
          msg: 'payment not applied to its subscription',
          paymentId: payment.id,
          subscriptionId: target.subscriptionId,
          reason: error.description,
        }),
    );
  }

  /** The subscription a payment is for, and whether it authorizes it; null for other payments. */
  private async subscriptionOf(
    tx: SqlRunner,
    scope: CommandMetadata,
    invoiceId: string | null,
    orderId: string | null,
  ): Promise<{ subscriptionId: string; authorizing: boolean } | null> {
    if (orderId !== null) {
      const authorized = await findSubscriptionByAuthorizationOrder(tx, scope, orderId);
      if (authorized) return { subscriptionId: authorized.id, authorizing: true };
    }
    if (invoiceId === null) return null;
    const invoice = await getInvoiceDetails(tx, scope, invoiceId);
    if (!invoice?.subscriptionId) return null;
    const subscription = await getSubscriptionDetails(tx, scope, invoice.subscriptionId);
    return subscription ? { subscriptionId: subscription.id, authorizing: false } : null;
  }
}

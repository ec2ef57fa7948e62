import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { PaymentEventTypes } from '@platform/contracts';
import type { PaymentCapturedEvent, PaymentFailedEvent } from '@platform/contracts';
import { unlessRefused } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler } from '@platform/event-store';
import type { AnySpec, SqlRunner, StreamReader } from '@platform/event-store';
import { EventBatch, eventLogFields, eventMetadata, inbox } from '@platform/messaging';
import {
  findOrCreateCustomer,
  onceMoreIfCustomerMadeMeanwhile,
} from '../customer/find-or-create-customer';
import type { CustomerOfDetails } from '../customer/find-or-create-customer';
import { getInvoiceDetails } from '../invoice/invoice-details/invoice-details.query';
import { invoiceCustomerOf } from '../invoice/invoice-customer';
import { onInvoice } from '../invoice/invoice.stream';
import { SubscriptionService } from './subscription.service';
import type { SubscriptionCommand, UnstampedSubscriptionCommand } from './subscription.commands';
import { subscriptionKind } from './subscription.decider';
import {
  findSubscriptionByAuthorizationOrder,
  getSubscriptionDetails,
} from './subscription-details/subscription-details.query';
import { onSubscription } from './subscription.stream';

export const SUBSCRIPTION_PAYMENTS_CONSUMER = 'billing.subscription-payments';

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
    inbox(SUBSCRIPTION_PAYMENTS_CONSUMER),
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
          this.handler.handle(
            {
              scope: metadata,
              run: async (unit) => {
                const specs = await this.specsOf(
                  tx,
                  unit,
                  target.subscriptionId,
                  { ...command, metadata },
                  payer,
                );
                for (const spec of specs) await unit.decide(spec as AnySpec);
              },
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

  /**
   * The command on the subscription. An authorization payment that authorizes it also makes its payer
   * the subscription's customer (the account's customer of that email and contact, or a new one, as
   * Razorpay fills customer_id once the customer authorizes) and names that customer on the
   * authorization invoice, made before anyone paid it: all in one statement.
   */
  private async specsOf(
    tx: SqlRunner,
    reader: StreamReader,
    subscriptionId: string,
    command: SubscriptionCommand,
    payer: { email: string | null; contact: string | null },
  ): Promise<
    (
      | ReturnType<typeof onSubscription>
      | ReturnType<typeof onInvoice>
      | NonNullable<CustomerOfDetails['create']>
    )[]
  > {
    const { publicBaseUrl } = this.subscriptions;
    const { state } = await reader.read(subscriptionKind, subscriptionId);
    const customer =
      command.type === 'AuthorizeSubscription' && state.status === 'created'
        ? await findOrCreateCustomer(tx, command.metadata, { ...payer, name: null, gstin: null })
        : null;
    if (!customer || command.type !== 'AuthorizeSubscription' || state.status !== 'created')
      return [onSubscription(subscriptionId, command, publicBaseUrl)];
    const authorize = onSubscription(
      subscriptionId,
      { ...command, data: { ...command.data, customerId: customer.customerId } },
      publicBaseUrl,
    );
    const { invoiceId } = state.authorization;
    const named =
      invoiceId === null
        ? []
        : [
            onInvoice(
              invoiceId,
              {
                type: 'IdentifyInvoiceCustomer',
                data: { customer: invoiceCustomerOf(customer.customerId, customer.details) },
                metadata: command.metadata,
              },
              publicBaseUrl,
            ),
          ];
    return [...(customer.create ? [customer.create] : []), authorize, ...named];
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

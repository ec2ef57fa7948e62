import { Injectable, Logger } from '@nestjs/common';
import { Topics } from '@platform/contracts';
import type { SubscriptionEvent } from '@platform/contracts';
import { unlessRefused } from '@platform/domain-kit';
import { CommandHandler } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { eventMetadata, IntegrationEventHandler } from '@platform/messaging';
import type { EventHandler } from '@platform/messaging';
import { onOrder } from '../order/order.stream';
import { recordMandate } from './subscription-mandate';

export const SUBSCRIPTION_MANDATES_CONSUMER = 'payments.subscription-mandates';

/**
 * billing.subscription → mandates: a new subscription's authorization order is remembered (the
 * simulator's `subscription_id` pays it); a token authorization (no first invoice) gets its order
 * here, the first cycle's invoice order comes with `invoice.issued`.
 */
@Injectable()
@IntegrationEventHandler()
export class OnSubscriptionCreatedConsumer implements EventHandler<SubscriptionEvent> {
  readonly topic = Topics.billingSubscription;
  readonly consumer = SUBSCRIPTION_MANDATES_CONSUMER;
  private readonly logger = new Logger(OnSubscriptionCreatedConsumer.name);

  constructor(private readonly handler: CommandHandler) {}

  async apply(tx: SqlRunner, event: SubscriptionEvent): Promise<void> {
    const { authorization, subscription } = event.data;
    if (event.type !== 'subscription.created' || !authorization) return;
    const scope = { accountId: event.account_id, mode: event.mode };
    await recordMandate(tx, scope, { subscriptionId: subscription.id, authorizationOrderId: authorization.order_id, refundAuthorization: authorization.refund });
    if (authorization.invoice_id !== null) return;
    const terms = { amount: authorization.amount, currency: authorization.currency, receipt: null, notes: {}, partialPayment: false, firstPaymentMinAmount: null, paymentCapture: true, invoiceId: null };
    await unlessRefused(
      async () => {
        await this.handler.handle(onOrder(authorization.order_id, { type: 'CreateOrder', data: { orderId: authorization.order_id, terms }, metadata: eventMetadata(event) }, true));
      },
      (error) => this.logger.warn({ msg: 'authorization order not opened', subscriptionId: subscription.id, reason: error.description }),
    );
  }
}

import type { SubscriptionAuthorizationEntity } from '@platform/contracts';
import type { CommandMetadata } from '@platform/domain-kit';
import type { CommandHandler, HandleOptions, SqlRunner } from '@platform/event-store';
import { orderKind } from '../order/order.decider';
import { onOrder } from '../order/order.stream';
import { recordMandate } from './subscription-mandate';

export interface NewSubscription {
  subscriptionId: string;
  /** What `subscription.created` carries (and billing's internal API answers). */
  authorization: SubscriptionAuthorizationEntity;
}

/**
 * What payments keeps of a new subscription to collect its authorization: the mandate (the simulator's
 * `subscription_id` pays its order) and, for a token payment, the authorization order itself (a first
 * cycle's invoice gets its order as invoices do). Run by `subscription.created`, or first by a payment
 * that asked billing before that event arrived; whichever comes second changes nothing. The order
 * comes first: a crash before the mandate leaves what the next attempt completes.
 */
export async function openMandate(
  handler: CommandHandler,
  db: SqlRunner,
  created: NewSubscription,
  metadata: CommandMetadata,
  options?: HandleOptions,
): Promise<void> {
  const { subscriptionId, authorization } = created;
  if (authorization.invoice_id === null)
    await openTokenOrder(handler, authorization, metadata, options);
  const mandate = {
    subscriptionId,
    authorizationOrderId: authorization.order_id,
    authorizationInvoiceId: authorization.invoice_id,
    refundAuthorization: authorization.refund,
  };
  await recordMandate(db, metadata, mandate);
}

/** The token payment's order, unless it is open already (two openers racing: the loser reads it open and stops). */
async function openTokenOrder(
  handler: CommandHandler,
  authorization: SubscriptionAuthorizationEntity,
  metadata: CommandMetadata,
  options?: HandleOptions,
): Promise<void> {
  const orderId = authorization.order_id;
  const terms = {
    amount: authorization.amount,
    currency: authorization.currency,
    receipt: null,
    notes: {},
    partialPayment: false,
    firstPaymentMinAmount: null,
    paymentCapture: true,
    invoiceId: null,
  };
  await handler.handle(
    {
      scope: metadata,
      run: async (unit) => {
        const { state } = await unit.read(orderKind, orderId);
        if (state.status === 'new')
          await unit.decide(
            onOrder(orderId, { type: 'CreateOrder', data: { orderId, terms }, metadata }),
          );
      },
    },
    options,
  );
}

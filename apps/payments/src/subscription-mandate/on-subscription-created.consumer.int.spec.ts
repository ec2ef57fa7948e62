import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type {
  SubscriptionAuthorizationEntity,
  PublishedSubscriptionEvent,
} from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import { consumerInbox } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { subscriptionCreated } from '../../test/billing-events';
import { as, newAccount, VISA } from '../../test/payments.kit';
import { startPaymentsBesideBilling } from '../../test/payments-beside-billing';
import type { PaymentsBesideBilling } from '../../test/payments-beside-billing';
import { SUBSCRIPTION_MANDATES_CONSUMER } from './on-subscription-created.consumer';

/** The subscription's next event, on its partition: this consumer takes it and does nothing. */
function authenticatedAfter(created: PublishedSubscriptionEvent): PublishedSubscriptionEvent {
  return {
    ...created,
    id: randomUUID(),
    type: 'subscription.authenticated',
    stream_version: created.stream_version + 1,
    data: { subscription: created.data.subscription },
  };
}

describe('payments keeps a mandate for each subscription billing creates (billing.subscription), once', () => {
  let payments: ServiceUnderTest;
  let running: PaymentsBesideBilling;

  beforeAll(async () => ({ payments } = running = await startPaymentsBesideBilling()));
  afterAll(() => running.close());

  /** Sends each event, then one more on the subscription's partition and waits for it: every event before it was consumed. */
  const deliverAll = async (events: PublishedSubscriptionEvent[]) => {
    for (const event of events)
      await running.deliver('billing.subscription', SUBSCRIPTION_MANDATES_CONSUMER, event);
    await running.deliver(
      'billing.subscription',
      SUBSCRIPTION_MANDATES_CONSUMER,
      authenticatedAfter(events[0]),
    );
  };
  const { rows: inboxRows } = consumerInbox(() => payments, SUBSCRIPTION_MANDATES_CONSUMER);
  const mandates = (subscriptionId: string) =>
    running.query(
      'SELECT authorization_order_id, authorization_invoice_id, refund_authorization, token FROM subscription_mandates WHERE subscription_id = $1',
      [subscriptionId],
    );
  const created = (
    caller: TestCaller,
    authorization: Pick<SubscriptionAuthorizationEntity, 'amount' | 'invoice_id' | 'refund'>,
  ) => {
    const subscriptionId = newId('sub');
    const full = { order_id: newId('order'), currency: 'INR', ...authorization };
    return {
      subscriptionId,
      authorization: full,
      event: subscriptionCreated(caller, subscriptionId, full),
    };
  };

  it('opens a token authorization’s order and records its mandate once, however often subscription.created is delivered', async () => {
    const caller = newAccount();
    const { subscriptionId, authorization, event } = created(caller, {
      amount: 100,
      invoice_id: null,
      refund: true,
    });
    await deliverAll([event, event]);
    expect(await inboxRows(event.id)).toBe(1);
    expect(await running.streamEvents(authorization.order_id)).toEqual(['OrderCreated']);
    expect(await mandates(subscriptionId)).toEqual([
      {
        authorization_order_id: authorization.order_id,
        authorization_invoice_id: null,
        refund_authorization: true,
        token: null,
      },
    ]);
    const paid = await as(payments, caller).post('/v1/simulator/payments', {
      subscription_id: subscriptionId,
      method: 'card',
      card: VISA,
    });
    expect(paid).toMatchObject({
      status: 200,
      body: { payment: { order_id: authorization.order_id, amount: 100, status: 'refunded' } },
    });
  });

  it('records the mandate of a subscription whose first invoice authorizes it, and leaves that order to invoice.issued', async () => {
    const caller = newAccount();
    const { subscriptionId, authorization, event } = created(caller, {
      amount: 49900,
      invoice_id: newId('inv'),
      refund: false,
    });
    await deliverAll([event, event]);
    expect(await inboxRows(event.id)).toBe(1);
    expect(await running.streamEvents(authorization.order_id)).toEqual([]);
    expect(await mandates(subscriptionId)).toEqual([
      expect.objectContaining({
        authorization_order_id: authorization.order_id,
        authorization_invoice_id: authorization.invoice_id,
        refund_authorization: false,
      }),
    ]);
  });

  it('skips a subscription.created without an authorization: no mandate, no order', async () => {
    const caller = newAccount();
    const { subscriptionId, authorization, event } = created(caller, {
      amount: 100,
      invoice_id: null,
      refund: true,
    });
    const bare = { ...event, data: { subscription: event.data.subscription } };
    await deliverAll([bare]);
    expect(await inboxRows(bare.id)).toBe(1);
    expect(await mandates(subscriptionId)).toEqual([]);
    expect(await running.streamEvents(authorization.order_id)).toEqual([]);
  });
});

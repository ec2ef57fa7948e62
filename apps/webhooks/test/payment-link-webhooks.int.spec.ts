import 'reflect-metadata';
import { newId } from '@platform/domain-kit';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { as, envelope, newAccount, startReceiver, startWithBroker, stopAll } from './webhooks.kit';
import type { WebhooksUnderTest } from './webhooks.kit';

type Row = Record<string, unknown>;
const SECRET = 'whsec_links_0123456789';

/** A payment link as payments publishes it, with its order's id. */
const paymentLink = (overrides: Row = {}) => ({
  id: newId('plink'),
  amount: 50000,
  amount_paid: 0,
  currency: 'INR',
  status: 'created',
  accept_partial: true,
  reference_id: 'TS1989',
  order_id: 'order_LinkWebhook0001',
  short_url: 'https://api.example.com/l/plink_1',
  payments: null,
  ...overrides,
});
const order = {
  id: 'order_LinkWebhook0001',
  entity: 'order',
  amount: 50000,
  receipt: 'TS1989',
  product_type: 'payment_link_v2',
};
const payment = (amount: number) => ({
  id: newId('pay'),
  entity: 'payment',
  amount,
  status: 'captured',
  order_id: order.id,
  captured: true,
});

describe('payment link webhooks', () => {
  let running: WebhooksUnderTest;
  let webhooks: ServiceUnderTest;

  beforeAll(async () => ({ webhooks } = running = await startWithBroker()));
  afterAll(() => stopAll(running));

  const hook = async (caller: TestCaller, url: string, events: string[]) => {
    const { status, body } = await as(webhooks, caller).post('/v1/webhooks', {
      url,
      events,
      secret: SECRET,
    });
    if (status !== 200) throw new Error(JSON.stringify(body));
  };

  it('takes the four payment_link events among those a webhook subscribes to', async () => {
    const caller = newAccount();
    const receiver = await startReceiver();
    const events = [
      'payment_link.paid',
      'payment_link.partially_paid',
      'payment_link.cancelled',
      'payment_link.expired',
    ];
    const { status, body } = await as(webhooks, caller).post('/v1/webhooks', {
      url: receiver.url,
      events,
      secret: SECRET,
    });
    expect(status).toBe(200);
    expect([...(body['events'] as string[])].sort()).toEqual([...events].sort());
    await receiver.close();
  });

  it('delivers paid and partially paid links with the link, its order and the payment, cancelled and expired ones with the link, signed', async () => {
    const caller = newAccount();
    const receiver = await startReceiver();
    await hook(caller, receiver.url, [
      'payment_link.paid',
      'payment_link.partially_paid',
      'payment_link.cancelled',
      'payment_link.expired',
    ]);
    const partly = paymentLink({ status: 'partially_paid', amount_paid: 20000 });
    const paid = paymentLink({ id: partly.id, status: 'paid', amount_paid: 50000 });
    const first = payment(20000);
    const second = payment(30000);
    const cancelled = paymentLink({ status: 'cancelled', cancelled_at: 1_700_000_100 });
    const expired = paymentLink({ status: 'expired', expired_at: 1_700_000_200 });
    await running.producer.publish(
      envelope(caller, 'payment_link.partially_paid', partly.id, {
        payment_link: partly,
        order: { ...order, status: 'attempted', amount_paid: 20000 },
        payment: first,
      }),
      envelope(caller, 'payment_link.paid', paid.id, {
        payment_link: paid,
        order: { ...order, status: 'paid', amount_paid: 50000 },
        payment: second,
      }),
      envelope(caller, 'payment_link.cancelled', cancelled.id, { payment_link: cancelled }),
      envelope(caller, 'payment_link.expired', expired.id, { payment_link: expired }),
    );
    const received = await waitFor(
      () => (receiver.received.length >= 4 ? receiver.received : null),
      'the four deliveries',
    );
    const bodies = new Map(
      received.map((request) => {
        const body = JSON.parse(request.body) as Row;
        return [body['event'], body] as const;
      }),
    );
    expect(bodies.get('payment_link.partially_paid')).toEqual({
      entity: 'event',
      account_id: caller.accountId,
      event: 'payment_link.partially_paid',
      contains: ['payment_link', 'order', 'payment'],
      payload: {
        payment_link: { entity: partly },
        order: { entity: { ...order, status: 'attempted', amount_paid: 20000 } },
        payment: { entity: first },
      },
      created_at: expect.any(Number),
    });
    expect(bodies.get('payment_link.paid')).toMatchObject({
      contains: ['payment_link', 'order', 'payment'],
      payload: {
        payment_link: { entity: paid },
        order: { entity: { status: 'paid' } },
        payment: { entity: second },
      },
    });
    expect(bodies.get('payment_link.cancelled')).toMatchObject({
      contains: ['payment_link'],
      payload: { payment_link: { entity: cancelled } },
    });
    expect(bodies.get('payment_link.expired')).toMatchObject({
      contains: ['payment_link'],
      payload: { payment_link: { entity: expired } },
    });
    for (const request of received)
      expect(
        validateWebhookSignature(
          request.body,
          request.headers['x-razorpay-signature'] as string,
          SECRET,
        ),
      ).toBe(true);
    await receiver.close();
  });

  it('sends a webhook only the events it subscribed to', async () => {
    const caller = newAccount();
    const receiver = await startReceiver();
    await hook(caller, receiver.url, ['payment_link.cancelled']);
    const expired = paymentLink({ status: 'expired' });
    const cancelled = paymentLink({ status: 'cancelled' });
    await running.producer.publish(
      envelope(caller, 'payment_link.expired', expired.id, { payment_link: expired }),
      envelope(caller, 'payment_link.cancelled', cancelled.id, { payment_link: cancelled }),
    );
    const [only] = await waitFor(
      () => (receiver.received.length >= 1 ? receiver.received : null),
      'the cancelled delivery',
    );
    expect(JSON.parse(only.body)).toMatchObject({ event: 'payment_link.cancelled' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received).toHaveLength(1);
    await receiver.close();
  });
});

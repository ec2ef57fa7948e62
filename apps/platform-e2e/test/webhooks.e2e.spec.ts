import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { call, newAccount, rejection, sdk, until } from './support/platform';
import type { PlatformAccount } from './support/platform';
import { webhookReceiver } from './support/webhook-receiver';

const SECRET = 'whsec_e2e_0123456789';
type Row = Record<string, unknown>;

describe('webhooks through the gateway with the official razorpay SDK', () => {
  let merchant: PlatformAccount;
  beforeAll(async () => (merchant = await newAccount('Webhooks E2E')));

  it('delivers a captured payment of an order as payment.captured and order.paid, signed, and the payment id refunds it', async () => {
    const endpoint = await webhookReceiver();
    const rzp = sdk(merchant.test);
    const webhook = (await rzp.webhooks.create(
      { url: endpoint.url, events: ['payment.captured', 'order.paid'], secret: SECRET } as never,
      merchant.accountId,
    )) as unknown as Row;
    expect(webhook).toMatchObject({
      entity: 'webhook',
      url: endpoint.url,
      events: ['payment.captured', 'order.paid'],
      active: true,
      secret_exists: true,
      owner_id: merchant.accountId,
    });
    expect(webhook).not.toHaveProperty('secret');

    const order = await rzp.orders.create({
      amount: 42000,
      currency: 'INR',
      receipt: 'webhook-e2e-1',
    });
    const paid = await call(merchant.test, 'POST', '/v1/simulator/payments', {
      order_id: order.id,
      method: 'card',
      card: {
        number: '4111111111111111',
        name: 'Gaurav Kumar',
        expiry_month: 12,
        expiry_year: 2035,
        cvv: '123',
      },
    });
    await rzp.payments.capture(paid.body['razorpay_payment_id'] as string, 42000, 'INR');
    const received = await until(
      async () => (endpoint.received.length >= 2 ? endpoint.received : null),
      'both webhooks',
    );
    for (const request of received)
      expect(
        validateWebhookSignature(
          request.body,
          request.headers['x-razorpay-signature'] as string,
          SECRET,
        ),
      ).toBe(true);
    const orderPaid = received
      .map((request) => JSON.parse(request.body) as Row)
      .find((body) => body['event'] === 'order.paid') as Row & {
      payload: { payment: { entity: Row }; order: { entity: Row } };
    };
    expect(orderPaid).toMatchObject({
      entity: 'event',
      account_id: merchant.accountId,
      contains: ['payment', 'order'],
      payload: {
        order: { entity: { id: order.id, status: 'paid', receipt: 'webhook-e2e-1' } },
        payment: { entity: { status: 'captured', amount: 42000 } },
      },
    });
    // The spec's flow: the payment id the webhook carries is what a refund is made with.
    expect(
      await rzp.payments.refund(orderPaid.payload.payment.entity['id'] as string, { amount: 2000 }),
    ).toMatchObject({ amount: 2000, payment_id: paid.body['razorpay_payment_id'] });

    const deliveries = await until(async () => {
      const { body } = await call(merchant.test, 'GET', `/v1/webhooks/${webhook['id']}/deliveries`);
      const items = body['items'] as Row[];
      return items.length === 2 && items.every((item) => item['status'] === 'delivered')
        ? items
        : null;
    }, 'both deliveries recorded');
    expect(deliveries.map((d) => d['event']).sort()).toEqual(['order.paid', 'payment.captured']);
    expect(deliveries.every((d) => (d['attempts'] as Row[])[0]['status_code'] === 200)).toBe(true);
    await endpoint.close();
  });

  it('lists, fetches, edits and deletes webhooks on both of the SDK’s paths', async () => {
    const rzp = sdk(merchant.test);
    const created = (await rzp.webhooks.create({
      url: 'http://127.0.0.1:9/hooks',
      events: ['refund.processed'],
    } as never)) as unknown as Row;
    expect(
      ((await rzp.webhooks.all({})) as unknown as { items: Row[] }).items.map((w) => w['id']),
    ).toContain(created['id']);
    expect(
      ((await rzp.webhooks.all({}, merchant.accountId)) as unknown as { items: Row[] }).items.map(
        (w) => w['id'],
      ),
    ).toContain(created['id']);
    expect(await rzp.webhooks.fetch(created['id'] as string, merchant.accountId)).toMatchObject({
      id: created['id'],
      secret_exists: false,
    });
    expect(
      await rzp.webhooks.edit(
        { events: ['refund.processed', 'refund.created'] } as never,
        created['id'] as string,
      ),
    ).toMatchObject({ events: ['refund.processed', 'refund.created'] });
    expect(
      await rzp.webhooks.edit(
        { active: false } as never,
        created['id'] as string,
        merchant.accountId,
      ),
    ).toMatchObject({ active: false });
    expect(await rzp.webhooks.delete(created['id'] as string, merchant.accountId)).toEqual([]);
    expect(
      await rejection(rzp.webhooks.fetch(created['id'] as string, merchant.accountId)),
    ).toMatchObject({ statusCode: 400, error: { description: 'The id provided does not exist' } });
    const other = await newAccount('Webhooks E2E other');
    expect(await rejection(sdk(other.test).webhooks.all({}, merchant.accountId))).toMatchObject({
      statusCode: 400,
      error: { description: 'The id provided does not exist' },
    });
  });

  it('refuses a live webhook that is not https on port 443, and an unknown event, naming the field', async () => {
    expect(
      await rejection(
        sdk(merchant.live).webhooks.create({
          url: 'http://127.0.0.1:9/hooks',
          events: ['payment.captured'],
        } as never),
      ),
    ).toMatchObject({ statusCode: 400, error: { field: 'url' } });
    expect(
      await rejection(
        sdk(merchant.test).webhooks.create({
          url: 'http://127.0.0.1:9/hooks',
          events: ['payment.vanished'],
        } as never),
      ),
    ).toMatchObject({
      statusCode: 400,
      error: { field: 'events', description: expect.stringMatching(/payment\.vanished/) },
    });
  });
});

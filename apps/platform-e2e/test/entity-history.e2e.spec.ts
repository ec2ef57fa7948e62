import { CUSTOMER, DAY, NOT_FOUND, VISA } from './support/fixtures';
import { call, newAccount, rejection, sdk, until } from './support/platform';
import type { KeyPair, PlatformAccount } from './support/platform';

const HOUR = 3600;

interface PublicEvent {
  id: string;
  entity: 'event';
  type: string;
  occurred_at: number;
  version: number;
  data: Record<string, unknown>;
  correlation_id: string | null;
}

describe('Entity history through the gateway with the official razorpay SDK', () => {
  let merchant: PlatformAccount;
  let rzp: ReturnType<typeof sdk>;
  beforeAll(async () => {
    merchant = await newAccount('Entity History E2E');
    rzp = sdk(merchant.test);
  });

  /** The SDK's generic call: GET /v1<url> with a query. */
  const get = <T>(url: string, data: Record<string, unknown>, key: KeyPair = merchant.test) =>
    sdk(key).api.get({ url, data }) as Promise<T>;
  const eventsOf = async (entityId: string, key?: KeyPair) =>
    (await get<{ items: PublicEvent[] }>('/events', { entity_id: entityId }, key)).items;
  const asOf = <T = Record<string, unknown>>(url: string, seconds: number) =>
    get<T>(url, { as_of: seconds });
  /** Moves the account's test clock on: what happens next happens that much later. */
  const advance = async (seconds: number) =>
    expect(
      (await call(merchant.test, 'POST', '/v1/simulator/clock/advance', { seconds })).status,
    ).toBe(200);

  it('shows a payment made, captured and refunded as its events in order, with the requests that caused them, and each resource as it was', async () => {
    const order = await rzp.orders.create({ amount: 50000, currency: 'INR' });
    const paid = await call(merchant.test, 'POST', '/v1/simulator/payments', {
      order_id: order.id,
      method: 'card',
      card: VISA,
    });
    expect(paid.status).toBe(200);
    const paymentId = paid.body['razorpay_payment_id'] as string;
    const created = (await rzp.payments.fetch(paymentId)).created_at;
    await advance(HOUR);
    await rzp.payments.capture(paymentId, 50000, 'INR');
    await advance(HOUR);
    const refund = await rzp.payments.refund(paymentId, { amount: 20000 });

    const events = await eventsOf(paymentId);
    expect(events.map((event) => [event.type, event.version])).toEqual([
      ['PaymentAuthorized', 1],
      ['PaymentCaptured', 2],
      ['PaymentRefunded', 3],
    ]);
    expect(events[0]).toMatchObject({
      id: expect.stringMatching(/^evt_[0-9A-Za-z]{14}$/),
      entity: 'event',
      occurred_at: created,
      data: { paymentId, details: { amount: 50000, method: 'card' } },
    });
    expect(events[1].occurred_at - events[0].occurred_at).toBeGreaterThanOrEqual(HOUR);
    expect(events[2].occurred_at - events[1].occurred_at).toBeGreaterThanOrEqual(HOUR);
    // Each event was caused by its own request.
    const correlations = events.map((event) => event.correlation_id);
    expect(correlations).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
    expect(new Set(correlations).size).toBe(3);
    const page = await get<{ count: number; items: PublicEvent[] }>('/events', {
      entity_id: paymentId,
      count: 1,
      skip: 2,
    });
    expect(page).toMatchObject({ entity: 'collection', count: 1, items: [{ id: events[2].id }] });

    expect(await asOf(`/payments/${paymentId}`, created + HOUR / 2)).toMatchObject({
      id: paymentId,
      status: 'authorized',
      captured: false,
    });
    expect(await asOf(`/payments/${paymentId}`, created + HOUR + HOUR / 2)).toMatchObject({
      status: 'captured',
      amount_refunded: 0,
    });
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({ amount_refunded: 20000 });
    expect(await rejection(asOf(`/payments/${paymentId}`, order.created_at - 1))).toEqual(
      NOT_FOUND,
    );
    expect(await asOf(`/orders/${order.id}`, created + HOUR / 2)).toMatchObject({
      id: order.id,
      status: 'attempted',
      amount_paid: 0,
    });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'paid', amount_paid: 50000 });
    expect(await rejection(asOf(`/refunds/${refund.id}`, created + HOUR + HOUR / 2))).toEqual(
      NOT_FOUND,
    );
    expect(await asOf(`/refunds/${refund.id}`, created + 3 * HOUR)).toMatchObject({
      id: refund.id,
      amount: 20000,
    });
    expect(await rejection(get('/payments/' + paymentId, { as_of: 'yesterday' }))).toMatchObject({
      statusCode: 400,
      error: { description: 'The as_of must be an integer (unix seconds).', field: 'as_of' },
    });

    // The capture is settled two days later: the settlement did not exist before its day.
    for (let day = 0; day < 3; day++) {
      await advance(DAY);
      await new Promise((resolve) => setTimeout(resolve, 700));
    }
    const settlement = await until(
      async () => (await rzp.settlements.all({ count: 10 })).items[0],
      'the settlement of the capture',
    );
    expect(await rejection(asOf(`/settlements/${settlement.id}`, created))).toEqual(NOT_FOUND);
    expect(await asOf(`/settlements/${settlement.id}`, settlement.created_at)).toMatchObject({
      id: settlement.id,
      amount: settlement.amount,
    });
    expect((await eventsOf(settlement.id))[0]).toMatchObject({
      type: 'SettlementCreated',
      version: 1,
    });
  });

  it('shows an invoice issued then cancelled, and a subscription before its cancellation, as they were', async () => {
    const invoice = await rzp.invoices.create({
      type: 'invoice',
      customer: CUSTOMER,
      line_items: [{ name: 'Annual plan', amount: 100000, currency: 'INR', quantity: 1 }],
      sms_notify: 0,
      email_notify: 0,
    } as never);
    const plan = await rzp.plans.create({
      period: 'monthly',
      interval: 1,
      item: { name: 'Gold', amount: 49900, currency: 'INR' },
    });
    const subscription = await rzp.subscriptions.create({ plan_id: plan.id, total_count: 6 });
    await advance(HOUR);
    await rzp.invoices.cancel(invoice.id);
    await rzp.subscriptions.cancel(subscription.id, false);

    expect(await asOf(`/invoices/${invoice.id}`, invoice.created_at + HOUR / 2)).toMatchObject({
      id: invoice.id,
      status: 'issued',
    });
    expect(await rzp.invoices.fetch(invoice.id)).toMatchObject({ status: 'cancelled' });
    expect((await eventsOf(invoice.id)).map((event) => event.type).slice(-1)).toEqual([
      'InvoiceCancelled',
    ]);
    expect(
      await asOf(`/subscriptions/${subscription.id}`, subscription.created_at + HOUR / 2),
    ).toMatchObject({ id: subscription.id, status: 'created' });
    expect(await rzp.subscriptions.fetch(subscription.id)).toMatchObject({ status: 'cancelled' });
    expect(
      await rejection(asOf(`/subscriptions/${subscription.id}`, subscription.created_at - 1)),
    ).toEqual(NOT_FOUND);
  });

  it('shows a webhook’s history without its secret, and the webhook as it was before its edit', async () => {
    const secret = 'whsec_entity_history_0001';
    const webhook = (await rzp.webhooks.create({
      url: 'http://127.0.0.1:9/hooks',
      events: ['payment.captured'],
      secret,
    } as never)) as unknown as { id: string; created_at: number };
    await advance(HOUR);
    await rzp.webhooks.edit({ events: ['refund.processed'] } as never, webhook.id);
    const events = await eventsOf(webhook.id);
    expect(events.map((event) => event.type)).toEqual(['WebhookCreated', 'WebhookEdited']);
    expect(events[0].data).toMatchObject({ settings: { secretExists: true } });
    expect(JSON.stringify(events)).not.toMatch(/sealedSecret|whsec_entity_history/);
    expect(await asOf(`/webhooks/${webhook.id}`, webhook.created_at + HOUR / 2)).toMatchObject({
      id: webhook.id,
      events: ['payment.captured'],
      secret_exists: true,
    });
  });

  it('never shows a live entity’s events to the test key, nor a test entity’s to the live key', async () => {
    const live = sdk(merchant.live);
    const liveOrder = await live.orders.create({ amount: 10000, currency: 'INR' });
    expect((await eventsOf(liveOrder.id, merchant.live)).map((event) => event.type)).toEqual([
      'OrderCreated',
    ]);
    expect(await rejection(eventsOf(liveOrder.id))).toEqual(NOT_FOUND);
    const testOrder = await rzp.orders.create({ amount: 10000, currency: 'INR' });
    expect(await rejection(eventsOf(testOrder.id, merchant.live))).toEqual(NOT_FOUND);
    expect(await rejection(eventsOf(testOrder.id, (await newAccount('Other')).test))).toEqual(
      NOT_FOUND,
    );
    expect(await rejection(get('/events', {}))).toMatchObject({
      statusCode: 400,
      error: { description: 'The entity_id field is required.', field: 'entity_id' },
    });
  });
});

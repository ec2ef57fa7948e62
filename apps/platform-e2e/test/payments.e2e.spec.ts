import { Kafka, logLevel } from 'kafkajs';
import {
  DAY,
  NOT_FOUND_EXACT as NOT_FOUND,
  VISA,
  validatePaymentVerification,
} from './support/fixtures';
import { call, newAccount, platform, rejection, sdk, until } from './support/platform';
import type { KeyPair, PlatformAccount } from './support/platform';

const checkout = (key: KeyPair, orderId: string, extra: Record<string, unknown> = {}) =>
  call(key, 'POST', '/v1/simulator/payments', {
    order_id: orderId,
    method: 'card',
    card: VISA,
    ...extra,
  });

describe('Orders, payments and refunds through the gateway with the official razorpay SDK', () => {
  let merchant: PlatformAccount;
  beforeAll(async () => (merchant = await newAccount('Payments E2E')));

  it('takes an order through checkout, signature verification, capture and refunds', async () => {
    const rzp = sdk(merchant.test);
    const order = await rzp.orders.create({
      amount: 50000,
      currency: 'INR',
      receipt: `e2e-${Date.now()}`,
      notes: { cart: 'c-1' },
    });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 50000,
      amount_due: 50000,
      status: 'created',
      attempts: 0,
    });
    expect(await rzp.orders.fetch(order.id)).toEqual(order);

    const paid = await checkout(merchant.test, order.id, {
      email: 'gaurav@example.com',
      contact: '+919000090000',
    });
    expect(paid.status).toBe(200);
    const paymentId = paid.body['razorpay_payment_id'] as string;
    const signature = paid.body['razorpay_signature'] as string;
    expect(
      validatePaymentVerification(
        { order_id: order.id, payment_id: paymentId },
        signature,
        merchant.test.secret,
      ),
    ).toBe(true);

    expect(await rzp.payments.fetch(paymentId)).toMatchObject({
      id: paymentId,
      status: 'authorized',
      captured: false,
      order_id: order.id,
      method: 'card',
      card_id: expect.stringMatching(/^card_/),
    });
    expect((await rzp.payments.all({ count: 1, 'expand[]': 'card' })).items).toEqual([
      expect.objectContaining({ id: paymentId, card: expect.objectContaining({ last4: '1111' }) }),
    ]);
    expect((await rzp.payments.fetch(paymentId, { 'expand[]': 'card' })).card).toMatchObject({
      last4: '1111',
      network: 'Visa',
    });
    expect(await rzp.payments.fetchCardDetails(paymentId)).toMatchObject({
      entity: 'card',
      last4: '1111',
      type: 'credit',
    });

    const captured = await rzp.payments.capture(paymentId, 50000, 'INR');
    expect(captured).toMatchObject({ status: 'captured', captured: true, fee: 1180, tax: 180 });
    expect(await rzp.orders.fetch(order.id)).toMatchObject({
      status: 'paid',
      amount_paid: 50000,
      amount_due: 0,
      attempts: 1,
    });
    expect((await rzp.orders.fetchPayments(order.id)).items.map((p) => p.id)).toEqual([paymentId]);
    expect(await rzp.payments.edit(paymentId, { notes: { fulfilment: 'shipped' } })).toMatchObject({
      notes: { fulfilment: 'shipped' },
    });

    const partial = await rzp.payments.refund(paymentId, {
      amount: 10000,
      speed: 'optimum',
      notes: { reason: 'damaged' },
    });
    expect(partial).toMatchObject({
      entity: 'refund',
      amount: 10000,
      payment_id: paymentId,
      status: 'pending',
      speed_requested: 'optimum',
    });
    const rest = await rzp.payments.refund(paymentId, {});
    expect(rest.amount).toBe(40000);
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({
      status: 'refunded',
      amount_refunded: 50000,
      refund_status: 'full',
    });
    expect(
      (await rzp.payments.fetchMultipleRefund(paymentId, { count: 10 })).items.map((r) => r.id),
    ).toEqual([rest.id, partial.id]);
    expect(await rzp.payments.fetchRefund(paymentId, partial.id)).toMatchObject({
      id: partial.id,
      amount: 10000,
    });
    expect((await rzp.refunds.all({ count: 10 })).items.map((r) => r.id)).toEqual(
      expect.arrayContaining([rest.id, partial.id]),
    );
    expect(await rzp.refunds.fetch(partial.id, { payment_id: paymentId })).toMatchObject({
      id: partial.id,
    });
    expect(await rzp.refunds.edit(partial.id, { notes: { ticket: 'T-1' } })).toMatchObject({
      notes: { ticket: 'T-1' },
    });
    // An optimum refund is processed at once by the scheduler.
    await until(
      async () => (await rzp.refunds.fetch(partial.id)).status === 'processed',
      'the optimum refund to be processed',
    );
  });

  it('lists and edits orders with the SDK, and surfaces the API’s errors', async () => {
    const rzp = sdk(merchant.test);
    const receipt = `list-${Date.now()}`;
    const order = await rzp.orders.create({ amount: 1000, currency: 'INR', receipt });
    expect((await rzp.orders.all({ receipt })).items.map((o) => o.id)).toEqual([order.id]);
    expect(await rzp.orders.edit(order.id, { notes: { gift: 'yes' } })).toMatchObject({
      id: order.id,
      notes: { gift: 'yes' },
    });
    expect(await rejection(rzp.orders.create({ amount: 99, currency: 'INR' }))).toMatchObject({
      statusCode: 400,
      error: { field: 'amount', description: 'The amount must be at least 100.' },
    });
    expect(
      await rejection(rzp.orders.create({ amount: 1000, currency: 'INR', receipt })),
    ).toMatchObject({ statusCode: 400, error: { field: 'receipt' } });
    const paymentId = (await checkout(merchant.test, order.id)).body[
      'razorpay_payment_id'
    ] as string;
    expect(await rejection(rzp.payments.capture(paymentId, 999, 'INR'))).toMatchObject({
      statusCode: 400,
      error: { field: 'amount' },
    });
    expect(await rejection(rzp.payments.refund(paymentId, { amount: 500 }))).toMatchObject({
      statusCode: 400,
      error: { description: 'Only captured payments can be refunded.' },
    });
  });

  it('answers another account and the other mode exactly like unknown ids', async () => {
    const rzp = sdk(merchant.test);
    const order = await rzp.orders.create({ amount: 2000, currency: 'INR' });
    const paymentId = (await checkout(merchant.test, order.id, { amount: 2000 })).body[
      'razorpay_payment_id'
    ] as string;
    for (const stranger of [sdk(platform.account.test), sdk(merchant.live)]) {
      expect(await rejection(stranger.orders.fetch(order.id))).toEqual(NOT_FOUND);
      expect(await rejection(stranger.payments.fetch(paymentId))).toEqual(NOT_FOUND);
      expect(await rejection(stranger.payments.capture(paymentId, 2000, 'INR'))).toEqual(NOT_FOUND);
    }
    expect((await checkout(merchant.live, order.id)).body).toMatchObject({
      error: { description: expect.stringContaining('test mode keys only') },
    });
  });

  it('refunds an uncaptured payment after 3 days on the account’s test clock', async () => {
    const clocked = await newAccount('Clock E2E');
    const rzp = sdk(clocked.test);
    const order = await rzp.orders.create({ amount: 30000, currency: 'INR' });
    const paymentId = (await checkout(clocked.test, order.id)).body[
      'razorpay_payment_id'
    ] as string;
    const advanced = await call(clocked.test, 'POST', '/v1/simulator/clock/advance', {
      seconds: 3 * DAY + 60,
    });
    expect(advanced.body).toMatchObject({ entity: 'test_clock', offset_seconds: 3 * DAY + 60 });
    expect(await rejection(rzp.payments.capture(paymentId, 30000, 'INR'))).toMatchObject({
      statusCode: 400,
      error: { description: expect.stringContaining('capture window') },
    });
    const refunded = await until(async () => {
      const payment = await rzp.payments.fetch(paymentId);
      return payment.status === 'refunded' ? payment : null;
    }, 'the automatic refund');
    expect(refunded).toMatchObject({
      amount_refunded: 30000,
      refund_status: 'full',
      captured: false,
    });
    expect((await rzp.payments.fetchMultipleRefund(paymentId)).items).toEqual([
      expect.objectContaining({ amount: 30000, payment_id: paymentId }),
    ]);
  });

  it('publishes order.paid with the payment on payments.order, readable with any Kafka client', async () => {
    const rzp = sdk(merchant.test);
    const order = await rzp.orders.create({ amount: 4000, currency: 'INR', payment_capture: true });
    const paymentId = (await checkout(merchant.test, order.id)).body[
      'razorpay_payment_id'
    ] as string;
    const consumer = new Kafka({ brokers: [platform.kafka], logLevel: logLevel.NOTHING }).consumer({
      groupId: `e2e-orders-${Date.now()}`,
      maxWaitTimeInMs: 200,
    });
    const seen: {
      type: string;
      data: { order: { id: string; status: string }; payment: { id: string } };
    }[] = [];
    await consumer.connect();
    await consumer.subscribe({ topic: 'payments.order', fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) =>
        void (String(message.key) === order.id && seen.push(JSON.parse(String(message.value)))),
    });
    await until(async () => seen.length > 0, 'order.paid');
    await consumer.disconnect();
    expect(seen[0]).toMatchObject({
      type: 'order.paid',
      data: { order: { id: order.id, status: 'paid' }, payment: { id: paymentId } },
    });
    expect(await rzp.payments.refund(seen[0].data.payment.id, { amount: 1000 })).toMatchObject({
      payment_id: paymentId,
      amount: 1000,
    });
  });
});

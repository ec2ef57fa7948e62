import 'reflect-metadata';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import type { Consumer } from 'kafkajs';
import { advanceTestClock, as, newAccount, refusal, startPayments } from './payments.kit';

const DAY = 24 * 3600;

interface Published {
  topic: string;
  key: string;
  type: string;
  data: Record<string, Record<string, unknown>>;
}

describe('the payments service over time and on Kafka', () => {
  let broker: RunningBroker;
  let payments: ServiceUnderTest;
  let consumer: Consumer;
  const published: Published[] = [];

  beforeAll(async () => {
    broker = await startTestBroker();
    payments = await startPayments(broker);
    consumer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).consumer({
      groupId: 'payments-events-audit',
      maxWaitTimeInMs: 200,
    });
    await consumer.connect();
    await consumer.subscribe({
      topics: ['payments.order', 'payments.payment', 'payments.refund'],
      fromBeginning: true,
    });
    await consumer.run({
      eachMessage: async ({ topic, message }) => {
        const event = JSON.parse(String(message.value)) as {
          type: string;
          data: Published['data'];
        };
        published.push({ topic, key: String(message.key), type: event.type, data: event.data });
      },
    });
  });

  afterAll(async () => {
    await consumer.disconnect();
    await payments.close();
    await broker.stop();
  });

  const eventsOf = (key: string) =>
    published.filter((event) => event.key === key).map((event) => event.type);

  describe('the 3-day capture window, on the account’s test clock', () => {
    it('refunds an uncaptured payment in full when its window ends, and refuses to capture it after', async () => {
      const caller = newAccount();
      const id = await as(payments, caller).authorized(50000);
      const threeDaysLater = as(payments, caller, 3 * DAY + 60);
      expect(await threeDaysLater.post(`/v1/payments/${id}/capture`, { amount: 50000 })).toEqual({
        status: 400,
        body: refusal(/capture window of 3 days has ended/),
      });
      await advanceTestClock(broker, caller.accountId, 3 * DAY + 60);
      const refunded = await waitFor(async () => {
        const { body } = await threeDaysLater.get(`/v1/payments/${id}`);
        return body['status'] === 'refunded' ? body : null;
      }, 'the automatic refund');
      expect(refunded).toMatchObject({
        captured: false,
        amount_refunded: 50000,
        refund_status: 'full',
        fee: null,
      });
      const [refund] = (await threeDaysLater.get(`/v1/payments/${id}/refunds`)).body[
        'items'
      ] as Record<string, unknown>[];
      expect(refund).toMatchObject({ amount: 50000, payment_id: id, speed_requested: 'optimum' });
      // The payment it gives back was never captured: no money left the merchant's balance.
      const created = await waitFor(
        () =>
          published.find((event) => event.key === refund['id'] && event.type === 'refund.created'),
        'refund.created',
      );
      expect(created.data['payment']).toMatchObject({ id, captured: false });
      await waitFor(
        async () =>
          (await threeDaysLater.get(`/v1/refunds/${refund['id']}`)).body['status'] === 'processed',
        'the refund to be processed',
      );
      expect((await threeDaysLater.get(`/v1/refunds/${refund['id']}`)).body).toMatchObject({
        speed_processed: 'instant',
        acquirer_data: { arn: expect.stringMatching(/^\d{23}$/) },
      });
      expect(await threeDaysLater.post(`/v1/payments/${id}/capture`, { amount: 50000 })).toEqual({
        status: 400,
        body: refusal(/has been refunded/),
      });
    });

    it('leaves a payment alone that was captured within the window, and another account’s clock alone', async () => {
      const [mine, theirs] = [newAccount(), newAccount()];
      const captured = await as(payments, mine).captured();
      const waiting = await as(payments, mine).authorized();
      const otherAccount = await as(payments, theirs).authorized();
      await advanceTestClock(broker, mine.accountId, 3 * DAY + 60);
      await waitFor(
        async () =>
          (await as(payments, mine).get(`/v1/payments/${waiting}`)).body['status'] === 'refunded',
        'the uncaptured payment to be refunded',
      );
      expect((await as(payments, mine).get(`/v1/payments/${captured}`)).body).toMatchObject({
        status: 'captured',
        amount_refunded: 0,
      });
      expect((await as(payments, theirs).get(`/v1/payments/${otherAccount}`)).body).toMatchObject({
        status: 'authorized',
      });
    });
  });

  it('processes a normal refund after 5 days on the account’s clock', async () => {
    const caller = newAccount();
    const api = as(payments, caller);
    const refund = (await api.post(`/v1/payments/${await api.captured()}/refund`, { amount: 1000 }))
      .body;
    await new Promise((resolve) => setTimeout(resolve, 1000)); // several scheduler rounds: nothing is due yet
    expect((await api.get(`/v1/refunds/${refund['id']}`)).body['status']).toBe('pending');
    await advanceTestClock(broker, caller.accountId, 5 * DAY);
    await waitFor(
      async () => (await api.get(`/v1/refunds/${refund['id']}`)).body['status'] === 'processed',
      'the refund to be processed',
    );
    expect((await api.get(`/v1/refunds/${refund['id']}`)).body).toMatchObject({
      speed_processed: 'normal',
      speed_requested: 'normal',
    });
    await waitFor(
      () => eventsOf(refund['id'] as string).includes('refund.processed'),
      'refund.processed',
    );
    expect(eventsOf(refund['id'] as string)).toEqual(['refund.created', 'refund.processed']);
  });

  it('publishes payment.authorized, payment.captured and payment.failed, keyed by payment id', async () => {
    const api = as(payments, newAccount());
    const order = await api.order();
    const failed = await api.pay(order['id'], {
      method: 'upi',
      vpa: 'failure@razorpay',
      card: undefined,
    });
    const failedId = (failed.body['error'] as { metadata: { payment_id: string } }).metadata
      .payment_id;
    const paid = await api.captured();
    await waitFor(
      () => eventsOf(paid).length === 2 && eventsOf(failedId).length === 1,
      'the payment events',
    );
    expect(eventsOf(paid)).toEqual(['payment.authorized', 'payment.captured']);
    expect(eventsOf(failedId)).toEqual(['payment.failed']);
    const captured = published.find(
      (event) => event.key === paid && event.type === 'payment.captured',
    );
    expect(captured?.topic).toBe('payments.payment');
    expect(captured?.data['payment']).toMatchObject({
      id: paid,
      status: 'captured',
      fee: 1180,
      tax: 180,
      card: { last4: '1111' },
    });
    expect(captured?.data['order']).toMatchObject({
      entity: 'order',
      id: captured?.data['payment']['order_id'],
    });
  });

  it('publishes payment.captured with the order it paid (its receipt) and refund.created with the payment', async () => {
    const api = as(payments, newAccount());
    const order = await api.order({ amount: 30000, receipt: 'rcpt-ledger-1' });
    const paymentId = (await api.pay(order['id'])).body['razorpay_payment_id'] as string;
    await api.post(`/v1/payments/${paymentId}/capture`, { amount: 30000 });
    const refund = (await api.post(`/v1/payments/${paymentId}/refund`, { amount: 1000 })).body;
    const captured = await waitFor(
      () => published.find((event) => event.key === paymentId && event.type === 'payment.captured'),
      'payment.captured',
    );
    expect(captured.data['order']).toMatchObject({
      id: order['id'],
      receipt: 'rcpt-ledger-1',
      amount_paid: 30000,
      status: 'paid',
    });
    const created = await waitFor(
      () =>
        published.find((event) => event.key === refund['id'] && event.type === 'refund.created'),
      'refund.created',
    );
    expect(created.data['payment']).toMatchObject({
      id: paymentId,
      captured: true,
      amount_refunded: 1000,
      refund_status: 'partial',
    });
  });

  it('publishes order.paid with the payment, whose id a refund can be made with (the spec’s webhook flow)', async () => {
    const api = as(payments, newAccount());
    const order = await api.order({ amount: 75000 });
    const paymentId = (await api.pay(order['id'])).body['razorpay_payment_id'] as string;
    await api.post(`/v1/payments/${paymentId}/capture`, { amount: 75000 });
    const paid = await waitFor(
      () => published.find((event) => event.type === 'order.paid' && event.key === order['id']),
      'order.paid',
    );
    expect(paid.topic).toBe('payments.order');
    expect(paid.data['order']).toMatchObject({
      id: order['id'],
      status: 'paid',
      amount_paid: 75000,
      amount_due: 0,
    });
    expect(paid.data['payment']).toMatchObject({ id: paymentId, status: 'captured' });
    const refund = await api.post(`/v1/payments/${paid.data['payment']['id']}/refund`, {
      amount: 25000,
    });
    expect(refund.body).toMatchObject({ payment_id: paymentId, amount: 25000, status: 'pending' });
    await waitFor(
      () => eventsOf(refund.body['id'] as string).includes('refund.created'),
      'refund.created',
    );
  });
});

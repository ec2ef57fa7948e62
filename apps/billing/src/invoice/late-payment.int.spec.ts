import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import type { PaymentCapturedEvent } from '@platform/contracts';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker } from '@platform/service-testing';
import type { CallOptions, ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import type { Consumer, Producer } from 'kafkajs';
import { DataSource } from 'typeorm';
import { startBilling } from '../../test/billing.kit';
import { SUBSCRIPTION_PAYMENTS_CONSUMER } from '../flows/on-subscription-payment.consumer';
import { INVOICE_PAYMENTS_CONSUMER } from './on-invoice-payment.consumer';

let accounts = 0;
const newAccount = (): TestCaller => ({
  accountId: `acc_Late${String(++accounts).padStart(3, '0')}${randomUUID().replace(/-/g, '').slice(0, 8)}`,
  mode: 'test',
});
const paymentId = () => `pay_${randomBytes(7).toString('hex')}`;

interface Published {
  topic: string;
  type: string;
  data: Record<string, Record<string, unknown>>;
}

describe('billing rejects a payment that arrives when its invoice or subscription can no longer take it', () => {
  let broker: RunningBroker;
  let billing: ServiceUnderTest;
  let producer: Producer;
  let audit: Consumer;
  const published: Published[] = [];

  beforeAll(async () => {
    broker = await startTestBroker();
    billing = await startBilling(broker);
    const kafka = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING });
    producer = kafka.producer();
    await producer.connect();
    audit = kafka.consumer({ groupId: 'late-payments-audit', maxWaitTimeInMs: 200 });
    await audit.connect();
    await audit.subscribe({
      topics: ['billing.invoice', 'billing.subscription'],
      fromBeginning: true,
    });
    await audit.run({
      eachMessage: async ({ topic, message }) =>
        void published.push({
          topic,
          ...(JSON.parse(String(message.value)) as Omit<Published, 'topic'>),
        }),
    });
  });

  afterAll(async () => {
    await audit.disconnect();
    await producer.disconnect();
    await billing.close();
    await broker.stop();
  });

  const call = (caller: TestCaller, options: Omit<CallOptions, 'caller'>) =>
    billing.call({ ...options, caller });
  const post = async (caller: TestCaller, url: string, body: unknown = {}) => {
    const answer = await call(caller, { method: 'POST', url, body });
    if (answer.status !== 200) throw new Error(`${url}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const get = async (caller: TestCaller, url: string) =>
    (await call(caller, { method: 'GET', url })).body;
  /** payments' `payment.captured` for a payment of this order (and invoice), delivered until the billing consumers it is for have handled it. */
  const captured = async (
    caller: TestCaller,
    payment: { id: string; amount: number; orderId: string; invoiceId: string | null },
  ) => {
    const event = {
      id: randomUUID(),
      type: 'payment.captured',
      schema_version: 1,
      account_id: caller.accountId,
      mode: caller.mode,
      stream_id: payment.id,
      stream_version: 2,
      occurred_at: Math.floor(Date.now() / 1000),
      correlation_id: null,
      causation_id: null,
      data: {
        payment: {
          id: payment.id,
          entity: 'payment',
          amount: payment.amount,
          currency: 'INR',
          status: 'captured',
          captured: true,
          order_id: payment.orderId,
          invoice_id: payment.invoiceId,
          method: 'card',
          email: 'gaurav.kumar@example.com',
          contact: '+919000090000',
          fee: 0,
          tax: 0,
          created_at: Math.floor(Date.now() / 1000),
        },
      },
    } as unknown as PaymentCapturedEvent;
    await producer.send({
      topic: 'payments.payment',
      messages: [{ key: payment.id, value: JSON.stringify(event) }],
    });
    const inbox = (consumer: string) =>
      billing.app
        .get(DataSource)
        .query('SELECT 1 FROM inbox WHERE consumer = $1 AND message_id = $2', [
          consumer,
          event.id,
        ]) as Promise<unknown[]>;
    // A payment on no invoice is none of the invoice consumer's business: it leaves no row there.
    await waitFor(
      async () =>
        (payment.invoiceId === null || (await inbox(INVOICE_PAYMENTS_CONSUMER)).length === 1) &&
        (await inbox(SUBSCRIPTION_PAYMENTS_CONSUMER)).length === 1,
      'the payment handled',
    );
  };
  const rejections = (payment: string) =>
    published.filter(
      (event) =>
        event.type.endsWith('.payment_rejected') &&
        event.data['rejection']?.['payment_id'] === payment,
    );

  it('rejects a payment of an invoice cancelled before it arrived, once, with invoice.payment_rejected (payments refunds it)', async () => {
    const caller = newAccount();
    const invoice = await post(caller, '/v1/invoices', {
      customer: { name: 'Gaurav Kumar', email: 'gaurav.kumar@example.com' },
      line_items: [{ name: 'Consulting', amount: 50000 }],
    });
    await post(caller, `/v1/invoices/${invoice['id']}/cancel`);
    const payment = {
      id: paymentId(),
      amount: 50000,
      orderId: invoice['order_id'] as string,
      invoiceId: invoice['id'] as string,
    };
    await captured(caller, payment);
    await waitFor(() => rejections(payment.id).length === 1, 'invoice.payment_rejected');
    const [rejected] = rejections(payment.id);
    expect(rejected).toMatchObject({
      topic: 'billing.invoice',
      type: 'invoice.payment_rejected',
      data: {
        invoice: { id: invoice['id'], status: 'cancelled', amount_paid: 0 },
        rejection: { payment_id: payment.id, reason: 'invoice_cancelled' },
      },
    });
    expect(await get(caller, `/v1/invoices/${invoice['id']}`)).toMatchObject({
      status: 'cancelled',
      amount_paid: 0,
      payment_id: null,
    });

    await captured(caller, payment); // delivered again (another message of the same payment)
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rejections(payment.id)).toHaveLength(1);
  });

  it('rejects the authorization payment of a subscription cancelled before it arrived: the subscription and its first invoice both say so', async () => {
    const caller = newAccount();
    const plan = await post(caller, '/v1/plans', {
      period: 'monthly',
      interval: 1,
      item: { name: 'Gold', amount: 49900, currency: 'INR' },
    });
    const subscription = await post(caller, '/v1/subscriptions', {
      plan_id: plan['id'],
      total_count: 6,
    });
    const [invoice] = (await get(caller, `/v1/invoices?subscription_id=${subscription['id']}`))[
      'items'
    ] as Record<string, unknown>[];
    await post(caller, `/v1/subscriptions/${subscription['id']}/cancel`);
    const payment = {
      id: paymentId(),
      amount: 49900,
      orderId: invoice['order_id'] as string,
      invoiceId: invoice['id'] as string,
    };
    await captured(caller, payment);
    await waitFor(() => rejections(payment.id).length === 2, 'both rejections');
    expect(
      rejections(payment.id)
        .map((event) => [event.type, event.data['rejection']?.['reason']])
        .sort(),
    ).toEqual([
      ['invoice.payment_rejected', 'invoice_cancelled'],
      ['subscription.payment_rejected', 'subscription_cancelled'],
    ]);
    expect(await get(caller, `/v1/subscriptions/${subscription['id']}`)).toMatchObject({
      status: 'cancelled',
      paid_count: 0,
    });
  });

  it('rejects a token authorization (a start_at subscription) arriving after the subscription was cancelled', async () => {
    const caller = newAccount();
    const plan = await post(caller, '/v1/plans', {
      period: 'monthly',
      interval: 1,
      item: { name: 'Gold', amount: 49900, currency: 'INR' },
    });
    const subscription = await post(caller, '/v1/subscriptions', {
      plan_id: plan['id'],
      total_count: 6,
      start_at: Math.floor(Date.now() / 1000) + 7 * 86400,
    });
    await post(caller, `/v1/subscriptions/${subscription['id']}/cancel`);
    const orderId = (
      await billing.app
        .get(DataSource)
        .query('SELECT state FROM subscriptions WHERE id = $1', [subscription['id']])
    )[0].state.authorization.orderId as string;
    const payment = { id: paymentId(), amount: 100, orderId, invoiceId: null };
    await captured(caller, payment);
    await waitFor(() => rejections(payment.id).length === 1, 'subscription.payment_rejected');
    expect(rejections(payment.id)[0]).toMatchObject({
      topic: 'billing.subscription',
      data: {
        subscription: { id: subscription['id'], status: 'cancelled' },
        rejection: { reason: 'subscription_cancelled' },
      },
    });
  });
});

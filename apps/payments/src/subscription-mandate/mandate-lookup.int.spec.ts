import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { SubscriptionAuthorizationEntity } from '@platform/contracts';
import { startBroker } from '@platform/embedded-kafka';
import type { RunningBroker } from '@platform/embedded-kafka';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing';
import { Kafka, logLevel } from 'kafkajs';
import type { Producer } from 'kafkajs';
import { DataSource } from 'typeorm';
import { billingInvoice, invoiceEvent, subscriptionCreated } from '../../test/billing-events';
import { startBillingStub } from '../../test/billing-stub';
import type { BillingStub } from '../../test/billing-stub';
import { as, newAccount, refusal, startPayments, VISA } from '../../test/payments.kit';
import { INVOICE_ORDERS_CONSUMER } from '../order/on-invoice-changed.consumer';
import { SUBSCRIPTION_MANDATES_CONSUMER } from './on-subscription-created.consumer';

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

describe('authorizing a subscription payments has not heard of yet (read-your-writes)', () => {
  let broker: RunningBroker;
  let billing: BillingStub;
  let payments: ServiceUnderTest;
  let producer: Producer;

  beforeAll(async () => {
    broker = await startBroker({ port: 0 });
    billing = await startBillingStub();
    payments = await startPayments(broker, billing.url);
    producer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
  });

  afterAll(async () => {
    await producer.disconnect();
    await payments.close();
    await billing.close();
    await broker.stop();
  });

  const query = (text: string, values: unknown[]) => payments.app.get(DataSource).query(text, values) as Promise<Record<string, unknown>[]>;
  const streamEvents = async (streamId: string) => (await query('SELECT type FROM events WHERE stream_id = $1 ORDER BY version', [streamId])).map((row) => row['type']);
  const mandateRow = async (subscriptionId: string) => (await query('SELECT * FROM subscription_mandates WHERE subscription_id = $1', [subscriptionId]))[0];
  const deliver = async (topic: string, consumer: string, event: { id: string; stream_id: string }) => {
    await producer.send({ topic, messages: [{ key: event.stream_id, value: JSON.stringify(event) }] });
    await waitFor(async () => (await query('SELECT 1 FROM inbox WHERE consumer = $1 AND message_id = $2', [consumer, event.id])).length === 1, `the event in ${consumer}'s inbox`);
  };
  /** A subscription billing created a moment ago, as its internal API answers it. */
  const createdByBilling = (caller: TestCaller, authorization: Omit<SubscriptionAuthorizationEntity, 'order_id' | 'currency'>) => {
    const subscriptionId = id('sub');
    const full = { order_id: id('order'), currency: 'INR', ...authorization };
    billing.answer(caller.accountId, `/internal/subscriptions/${subscriptionId}/authorization`, { subscription: { id: subscriptionId, entity: 'subscription', status: 'created' }, authorization: full });
    return { subscriptionId, authorization: full };
  };
  const authorize = (caller: TestCaller, subscriptionId: string) => as(payments, caller).post('/v1/simulator/payments', { subscription_id: subscriptionId, method: 'card', card: VISA });

  it('authorizes a token subscription with what billing answers; subscription.created arriving later changes nothing', async () => {
    const caller = newAccount();
    const { subscriptionId, authorization } = createdByBilling(caller, { amount: 100, invoice_id: null, refund: true });
    const answer = await authorize(caller, subscriptionId);
    expect(answer).toMatchObject({ status: 200, body: { razorpay_subscription_id: subscriptionId, payment: { order_id: authorization.order_id, amount: 100, status: 'refunded' } } });
    expect(billing.asked.find((asked) => asked.path === `/internal/subscriptions/${subscriptionId}/authorization`)?.headers).toMatchObject({ 'x-account-id': caller.accountId, 'x-mode': 'test' });
    const [order, mandate] = [await streamEvents(authorization.order_id), await mandateRow(subscriptionId)];
    expect(order).toEqual(['OrderCreated', 'OrderPaymentAttempted', 'OrderPaymentCaptured', 'OrderPaid']);
    expect(mandate).toMatchObject({ authorization_order_id: authorization.order_id, authorization_invoice_id: null, refund_authorization: true, token: expect.objectContaining({ method: 'card' }) });

    await deliver('billing.subscription', SUBSCRIPTION_MANDATES_CONSUMER, subscriptionCreated(caller, subscriptionId, authorization));
    expect(await streamEvents(authorization.order_id)).toEqual(order);
    expect(await mandateRow(subscriptionId)).toEqual(mandate);
    expect(await authorize(caller, subscriptionId)).toEqual({ status: 400, body: refusal('The subscription is already authorized.') });
  });

  it('authorizes a subscription whose first invoice payments has not heard of either, asking billing for both', async () => {
    const caller = newAccount();
    const invoice = billingInvoice(id('inv'), null, { amount: 49900 });
    const { subscriptionId, authorization } = createdByBilling(caller, { amount: 49900, invoice_id: invoice.id, refund: false });
    invoice.order_id = authorization.order_id;
    billing.answer(caller.accountId, `/v1/invoices/${invoice.id}`, invoice);
    const answer = await authorize(caller, subscriptionId);
    expect(answer).toMatchObject({ status: 200, body: { razorpay_subscription_id: subscriptionId, payment: { order_id: authorization.order_id, invoice_id: invoice.id, amount: 49900, status: 'captured' } } });
    const order = await streamEvents(authorization.order_id);

    await deliver('billing.subscription', SUBSCRIPTION_MANDATES_CONSUMER, subscriptionCreated(caller, subscriptionId, authorization));
    await deliver('billing.invoice', INVOICE_ORDERS_CONSUMER, invoiceEvent(caller, 'invoice.issued', invoice));
    expect(await streamEvents(authorization.order_id)).toEqual(order);
    expect(await mandateRow(subscriptionId)).toMatchObject({ authorization_invoice_id: invoice.id, token: expect.objectContaining({ method: 'card' }) });
  });

  it('authorizes a new subscription once when 20 authorizations arrive together before its event', async () => {
    const caller = newAccount();
    const { subscriptionId, authorization } = createdByBilling(caller, { amount: 100, invoice_id: null, refund: true });
    const answers = await Promise.all(Array.from({ length: 20 }, () => authorize(caller, subscriptionId)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) expect(answer).toMatchObject({ status: 400, body: { error: { description: expect.stringMatching(/already (been paid|authorized)/) } } });
    expect((await streamEvents(authorization.order_id)).filter((type) => type === 'OrderCreated')).toHaveLength(1);
  });

  it('answers a subscription billing does not know (or of another account) like an unknown id', async () => {
    const caller = newAccount();
    const { subscriptionId } = createdByBilling(caller, { amount: 100, invoice_id: null, refund: true });
    const unknown = { status: 400, body: refusal('The id provided does not exist (or the subscription is not known to payments yet)', 'subscription_id') };
    expect(await authorize(caller, id('sub'))).toEqual(unknown);
    expect(await authorize(newAccount(), subscriptionId)).toEqual(unknown);
  });
});

import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { PublishedPaymentEvent } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import type { RunningBroker } from '@platform/embedded-kafka';
import { advanceTestClock } from '@platform/service-testing';
import { consumerInbox } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import type { Producer } from 'kafkajs';
import { DataSource } from 'typeorm';
import { okCall, startBillingWithBroker } from '../../test/billing.kit';
import type { BillingWithBroker } from '../../test/billing.kit';
import { deliverThenMark, paymentEvent } from '../../test/payment-events';
import type { PaymentOf } from '../../test/payment-events';
import { INVOICE_PAYMENTS_CONSUMER } from '../invoice/on-invoice-payment.consumer';
import { SUBSCRIPTION_PAYMENTS_CONSUMER } from './on-subscription-payment.consumer';

const newAccount = (): TestCaller => ({
  accountId: `acc_SubPay${randomUUID().replace(/-/g, '').slice(0, 10)}`,
  mode: 'test',
});

/** The events a payment makes on a subscription's stream (cycles, jobs and the API add others). */
const PAYMENT_OUTCOMES = [
  'SubscriptionAuthenticated',
  'SubscriptionAuthorizationFailed',
  'SubscriptionPaymentRejected',
  'SubscriptionCharged',
  'SubscriptionChargeFailed',
];

describe('billing takes each payment of a subscription once (payments.payment)', () => {
  let broker: RunningBroker;
  let billing: ServiceUnderTest;
  let producer: Producer;

  let running: BillingWithBroker;

  beforeAll(async () => ({ broker, billing, producer } = running = await startBillingWithBroker()));
  afterAll(() => running.stop());

  const query = (text: string, values: unknown[]) =>
    billing.app.get(DataSource).query(text, values) as Promise<Record<string, unknown>[]>;
  const { rows: inboxRows } = consumerInbox(() => billing, SUBSCRIPTION_PAYMENTS_CONSUMER);
  const paymentOutcomes = async (subscriptionId: string) =>
    (
      await query(
        'SELECT type FROM events WHERE stream_id = $1 AND type = ANY($2) ORDER BY version',
        [subscriptionId, PAYMENT_OUTCOMES],
      )
    ).map((row) => row['type']);
  const deliverAll = (caller: TestCaller, payment: PaymentOf, events: PublishedPaymentEvent[]) =>
    deliverThenMark(producer, inboxRows, caller, payment, events);
  const call = (caller: TestCaller, method: 'GET' | 'POST', url: string, body?: unknown) =>
    okCall(billing, caller, method, url, body);
  /** A monthly subscription of 49,900 awaiting authorization, and a payment of its first invoice. */
  const newSubscription = async (caller: TestCaller) => {
    const plan = await call(caller, 'POST', '/v1/plans', {
      period: 'monthly',
      interval: 1,
      item: { name: 'Gold', amount: 49900, currency: 'INR' },
    });
    const subscription = await call(caller, 'POST', '/v1/subscriptions', {
      plan_id: plan['id'],
      total_count: 6,
    });
    const subscriptionId = subscription['id'] as string;
    const invoices = await call(caller, 'GET', `/v1/invoices?subscription_id=${subscriptionId}`);
    const [invoice] = invoices['items'] as Record<string, unknown>[];
    const payment: PaymentOf = {
      id: newId('pay'),
      amount: 49900,
      orderId: invoice['order_id'] as string,
      invoiceId: invoice['id'] as string,
    };
    return { subscriptionId, payment };
  };

  it('authorizes the subscription and charges its first cycle once, however often the payment is delivered', async () => {
    const caller = newAccount();
    const { subscriptionId, payment } = await newSubscription(caller);
    const captured = paymentEvent(caller, 'payment.captured', payment);
    await deliverAll(caller, payment, [captured, captured]);
    expect(await inboxRows(captured.id)).toBe(1);
    expect(await paymentOutcomes(subscriptionId)).toEqual([
      'SubscriptionAuthenticated',
      'SubscriptionCharged',
    ]);
    expect(await call(caller, 'GET', `/v1/subscriptions/${subscriptionId}`)).toMatchObject({
      status: 'active',
      paid_count: 1,
    });
  });

  it('makes the payer the subscription’s customer, named on the authorization invoice and the next cycle’s', async () => {
    const caller = newAccount();
    const { subscriptionId, payment } = await newSubscription(caller);
    const captured = paymentEvent(caller, 'payment.captured', {
      ...payment,
      email: 'asha@example.com',
      contact: '9123456789',
    });
    await deliverAll(caller, payment, [captured, captured]);
    const subscription = await call(caller, 'GET', `/v1/subscriptions/${subscriptionId}`);
    const customerId = subscription['customer_id'] as string;
    expect(customerId).toMatch(/^cust_[0-9A-Za-z]{14}$/);
    expect(await call(caller, 'GET', `/v1/customers/${customerId}`)).toMatchObject({
      email: 'asha@example.com',
      contact: '9123456789',
    });
    expect(await call(caller, 'GET', `/v1/invoices/${payment.invoiceId as string}`)).toMatchObject({
      customer_id: customerId,
      customer_details: { id: customerId, email: 'asha@example.com', contact: '9123456789' },
    });
    // The payer of another subscription, known by email and contact, is that same customer.
    const other = await newSubscription(caller);
    await deliverAll(caller, other.payment, [
      paymentEvent(caller, 'payment.captured', {
        ...other.payment,
        email: 'asha@example.com',
        contact: '9123456789',
      }),
    ]);
    expect(await call(caller, 'GET', `/v1/subscriptions/${other.subscriptionId}`)).toMatchObject({
      customer_id: customerId,
    });
    expect((await call(caller, 'GET', '/v1/customers'))['items']).toHaveLength(1);
    await advanceTestClock(broker, caller.accountId, 32 * 86400);
    const invoices = await waitFor(async () => {
      const { items } = await call(caller, 'GET', `/v1/invoices?subscription_id=${subscriptionId}`);
      return (items as Record<string, unknown>[]).length === 2
        ? (items as Record<string, unknown>[])
        : null;
    }, 'the second cycle’s invoice');
    expect(invoices.map((invoice) => invoice['customer_id'])).toEqual([customerId, customerId]);
  });

  it('charges a later cycle once, however often its invoice’s payment is delivered', async () => {
    const caller = newAccount();
    const { subscriptionId, payment } = await newSubscription(caller);
    await deliverAll(caller, payment, [paymentEvent(caller, 'payment.captured', payment)]);
    await advanceTestClock(broker, caller.accountId, 32 * 86400);
    const [second] = await waitFor(async () => {
      const { items } = await call(caller, 'GET', `/v1/invoices?subscription_id=${subscriptionId}`);
      return (items as Record<string, unknown>[]).length === 2
        ? (items as Record<string, unknown>[])
        : null;
    }, 'the second cycle’s invoice');
    const cycle: PaymentOf = {
      id: newId('pay'),
      amount: 49900,
      orderId: second['order_id'] as string,
      invoiceId: second['id'] as string,
    };
    const captured = paymentEvent(caller, 'payment.captured', cycle);
    await deliverAll(caller, cycle, [captured, captured]);
    expect(await inboxRows(captured.id)).toBe(1);
    expect(await paymentOutcomes(subscriptionId)).toEqual([
      'SubscriptionAuthenticated',
      'SubscriptionCharged',
      'SubscriptionCharged',
    ]);
    expect(await call(caller, 'GET', `/v1/subscriptions/${subscriptionId}`)).toMatchObject({
      status: 'active',
      paid_count: 2,
    });
  });

  it('counts a failed authorization payment once, however often it is delivered', async () => {
    const caller = newAccount();
    const { subscriptionId, payment } = await newSubscription(caller);
    const failed = paymentEvent(caller, 'payment.failed', payment);
    await deliverAll(caller, payment, [failed, failed]);
    expect(await inboxRows(failed.id)).toBe(1);
    expect(await paymentOutcomes(subscriptionId)).toEqual(['SubscriptionAuthorizationFailed']);
    expect(await call(caller, 'GET', `/v1/subscriptions/${subscriptionId}`)).toMatchObject({
      status: 'created',
      paid_count: 0,
    });
  });

  it('authorizes a subscription starting later by the payment of its upfront add-ons: no cycle is charged yet', async () => {
    const caller = newAccount();
    const plan = await call(caller, 'POST', '/v1/plans', {
      period: 'monthly',
      interval: 1,
      item: { name: 'Gold', amount: 49900, currency: 'INR' },
    });
    const startAt = Math.floor(Date.now() / 1000) + 86400;
    const subscription = await call(caller, 'POST', '/v1/subscriptions', {
      plan_id: plan['id'],
      total_count: 6,
      start_at: startAt,
      addons: [{ item: { name: 'Delivery charges', amount: 30000, currency: 'INR' } }],
    });
    const subscriptionId = subscription['id'] as string;
    const { items } = await call(caller, 'GET', `/v1/invoices?subscription_id=${subscriptionId}`);
    const [addons] = items as Record<string, unknown>[];
    const payment: PaymentOf = {
      id: newId('pay'),
      amount: 30000,
      orderId: addons['order_id'] as string,
      invoiceId: addons['id'] as string,
    };
    const captured = paymentEvent(caller, 'payment.captured', payment);
    await deliverAll(caller, payment, [captured, captured]);
    expect(await paymentOutcomes(subscriptionId)).toEqual(['SubscriptionAuthenticated']);
    expect(await call(caller, 'GET', `/v1/subscriptions/${subscriptionId}`)).toMatchObject({
      status: 'authenticated',
      paid_count: 0,
      charge_at: startAt,
      current_start: null,
      customer_id: expect.stringMatching(/^cust_/),
    });
  });

  it('rejects, once, an authorization payment that arrives after the subscription was cancelled (payments refunds it)', async () => {
    const caller = newAccount();
    const { subscriptionId, payment } = await newSubscription(caller);
    await call(caller, 'POST', `/v1/subscriptions/${subscriptionId}/cancel`);
    const captured = paymentEvent(caller, 'payment.captured', payment);
    await deliverAll(caller, payment, [captured, captured]);
    expect(await inboxRows(captured.id)).toBe(1);
    expect(await paymentOutcomes(subscriptionId)).toEqual(['SubscriptionPaymentRejected']);
    expect(await call(caller, 'GET', `/v1/subscriptions/${subscriptionId}`)).toMatchObject({
      status: 'cancelled',
      paid_count: 0,
    });
  });

  it('passes a plain order’s payment by without a transaction, and takes a token authorization (an order, no invoice) once, the moment after the subscription was made', async () => {
    const caller = newAccount();
    const plan = await call(caller, 'POST', '/v1/plans', {
      period: 'monthly',
      interval: 1,
      item: { name: 'Gold', amount: 49900, currency: 'INR' },
    });
    const startAt = Math.floor(Date.now() / 1000) + 86400;
    const subscription = await call(caller, 'POST', '/v1/subscriptions', {
      plan_id: plan['id'],
      total_count: 6,
      start_at: startAt,
    });
    const subscriptionId = subscription['id'] as string;
    const [{ authorization_order_id: orderId }] = await query(
      'SELECT authorization_order_id FROM subscriptions WHERE id = $1',
      [subscriptionId],
    );
    const invoiceInbox = consumerInbox(() => billing, INVOICE_PAYMENTS_CONSUMER);
    const plain: PaymentOf = {
      id: newId('pay'),
      amount: 5000,
      orderId: newId('order'),
      invoiceId: null,
    };
    const plainCapture = paymentEvent(caller, 'payment.captured', plain);
    const plainFailure = paymentEvent(caller, 'payment.failed', plain);
    await deliverAll(caller, plain, [plainFailure, plainCapture, plainCapture]);
    for (const event of [plainFailure, plainCapture]) {
      expect(await inboxRows(event.id)).toBe(0);
      expect(await invoiceInbox.rows(event.id)).toBe(0);
    }
    const token: PaymentOf = {
      id: newId('pay'),
      amount: 100,
      orderId: orderId as string,
      invoiceId: null,
    };
    const captured = paymentEvent(caller, 'payment.captured', token);
    await deliverAll(caller, token, [captured, captured]);
    expect(await inboxRows(captured.id)).toBe(1);
    expect(await invoiceInbox.rows(captured.id)).toBe(0); // no invoice: nothing for that consumer
    expect(await paymentOutcomes(subscriptionId)).toEqual(['SubscriptionAuthenticated']);
    expect(await call(caller, 'GET', `/v1/subscriptions/${subscriptionId}`)).toMatchObject({
      status: 'authenticated',
      paid_count: 0,
    });
  });
});

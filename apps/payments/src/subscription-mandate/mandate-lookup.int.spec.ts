import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { SubscriptionAuthorizationEntity } from '@platform/contracts';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { billingInvoice, invoiceEvent, subscriptionCreated } from '../../test/billing-events';
import type { BillingStub } from '../../test/billing-stub';
import { as, newAccount, refusal, VISA } from '../../test/payments.kit';
import { startPaymentsBesideBilling } from '../../test/payments-beside-billing';
import type { PaymentsBesideBilling } from '../../test/payments-beside-billing';
import { INVOICE_ORDERS_CONSUMER } from '../order/on-invoice-changed.consumer';
import { SUBSCRIPTION_MANDATES_CONSUMER } from './on-subscription-created.consumer';

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

describe('authorizing a subscription payments has not heard of yet (read-your-writes)', () => {
  let billing: BillingStub;
  let payments: ServiceUnderTest;
  let query: PaymentsBesideBilling['query'];
  let streamEvents: PaymentsBesideBilling['streamEvents'];
  let deliver: PaymentsBesideBilling['deliver'];
  let running: PaymentsBesideBilling;

  beforeAll(
    async () =>
      ({ billing, payments, query, streamEvents, deliver } = running =
        await startPaymentsBesideBilling()),
  );
  afterAll(() => running.close());

  const mandateRow = async (subscriptionId: string) =>
    (
      await query('SELECT * FROM subscription_mandates WHERE subscription_id = $1', [
        subscriptionId,
      ])
    )[0];
  /** A subscription billing created a moment ago, as its internal API answers it. */
  const createdByBilling = (
    caller: TestCaller,
    authorization: Omit<SubscriptionAuthorizationEntity, 'order_id' | 'currency'>,
  ) => {
    const subscriptionId = id('sub');
    const full = { order_id: id('order'), currency: 'INR', ...authorization };
    billing.answer(caller.accountId, `/internal/subscriptions/${subscriptionId}/authorization`, {
      subscription: { id: subscriptionId, entity: 'subscription', status: 'created' },
      authorization: full,
    });
    return { subscriptionId, authorization: full };
  };
  const authorize = (caller: TestCaller, subscriptionId: string) =>
    as(payments, caller).post('/v1/simulator/payments', {
      subscription_id: subscriptionId,
      method: 'card',
      card: VISA,
    });

  it('authorizes a token subscription with what billing answers; subscription.created arriving later changes nothing', async () => {
    const caller = newAccount();
    const { subscriptionId, authorization } = createdByBilling(caller, {
      amount: 100,
      invoice_id: null,
      refund: true,
    });
    const answer = await authorize(caller, subscriptionId);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        razorpay_subscription_id: subscriptionId,
        payment: { order_id: authorization.order_id, amount: 100, status: 'refunded' },
      },
    });
    expect(
      billing.asked.find(
        (asked) => asked.path === `/internal/subscriptions/${subscriptionId}/authorization`,
      )?.headers,
    ).toMatchObject({ 'x-account-id': caller.accountId, 'x-mode': 'test' });
    const [order, mandate] = [
      await streamEvents(authorization.order_id),
      await mandateRow(subscriptionId),
    ];
    expect(order).toEqual([
      'OrderCreated',
      'OrderPaymentAttempted',
      'OrderPaymentCaptured',
      'OrderPaid',
    ]);
    expect(mandate).toMatchObject({
      authorization_order_id: authorization.order_id,
      authorization_invoice_id: null,
      refund_authorization: true,
      token: expect.objectContaining({ method: 'card' }),
    });

    await deliver(
      'billing.subscription',
      SUBSCRIPTION_MANDATES_CONSUMER,
      subscriptionCreated(caller, subscriptionId, authorization),
    );
    expect(await streamEvents(authorization.order_id)).toEqual(order);
    expect(await mandateRow(subscriptionId)).toEqual(mandate);
    expect(await authorize(caller, subscriptionId)).toEqual({
      status: 400,
      body: refusal('The subscription is already authorized.'),
    });
  });

  it('authorizes a subscription whose first invoice payments has not heard of either, asking billing for both', async () => {
    const caller = newAccount();
    const invoice = billingInvoice(id('inv'), null, { amount: 49900 });
    const { subscriptionId, authorization } = createdByBilling(caller, {
      amount: 49900,
      invoice_id: invoice.id,
      refund: false,
    });
    invoice.order_id = authorization.order_id;
    billing.answer(caller.accountId, `/v1/invoices/${invoice.id}`, invoice);
    const answer = await authorize(caller, subscriptionId);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        razorpay_subscription_id: subscriptionId,
        payment: {
          order_id: authorization.order_id,
          invoice_id: invoice.id,
          amount: 49900,
          status: 'captured',
        },
      },
    });
    const order = await streamEvents(authorization.order_id);

    await deliver(
      'billing.subscription',
      SUBSCRIPTION_MANDATES_CONSUMER,
      subscriptionCreated(caller, subscriptionId, authorization),
    );
    await deliver(
      'billing.invoice',
      INVOICE_ORDERS_CONSUMER,
      invoiceEvent(caller, 'invoice.issued', invoice),
    );
    expect(await streamEvents(authorization.order_id)).toEqual(order);
    expect(await mandateRow(subscriptionId)).toMatchObject({
      authorization_invoice_id: invoice.id,
      token: expect.objectContaining({ method: 'card' }),
    });
  });

  it('authorizes a new subscription once when 20 authorizations arrive together before its event', async () => {
    const caller = newAccount();
    const { subscriptionId, authorization } = createdByBilling(caller, {
      amount: 100,
      invoice_id: null,
      refund: true,
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => authorize(caller, subscriptionId)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200))
      expect(answer).toMatchObject({
        status: 400,
        body: { error: { description: expect.stringMatching(/already (been paid|authorized)/) } },
      });
    expect(
      (await streamEvents(authorization.order_id)).filter((type) => type === 'OrderCreated'),
    ).toHaveLength(1);
  });

  it('answers a subscription billing does not know (or of another account) like an unknown id', async () => {
    const caller = newAccount();
    const { subscriptionId } = createdByBilling(caller, {
      amount: 100,
      invoice_id: null,
      refund: true,
    });
    const unknown = {
      status: 400,
      body: refusal(
        'The id provided does not exist (or the subscription is not known to payments yet)',
        'subscription_id',
      ),
    };
    expect(await authorize(caller, id('sub'))).toEqual(unknown);
    expect(await authorize(newAccount(), subscriptionId)).toEqual(unknown);
  });
});

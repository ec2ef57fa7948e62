import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { ContextHeaders } from '@platform/http';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { billingInvoice, invoiceEvent } from '../../test/billing-events';
import type { BillingStub } from '../../test/billing-stub';
import { as, newAccount, refusal, VISA } from '../../test/payments.kit';
import { startPaymentsBesideBilling } from '../../test/payments-beside-billing';
import type { PaymentsBesideBilling } from '../../test/payments-beside-billing';
import { INVOICE_ORDERS_CONSUMER } from './on-invoice-changed.consumer';

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

describe('paying an invoice payments has not heard of yet (read-your-writes)', () => {
  let billing: BillingStub;
  let payments: ServiceUnderTest;
  let orderEvents: PaymentsBesideBilling['streamEvents'];
  let running: PaymentsBesideBilling;
  const deliver = (event: { id: string; stream_id: string }) =>
    running.deliver('billing.invoice', INVOICE_ORDERS_CONSUMER, event);

  beforeAll(
    async () =>
      ({
        billing,
        payments,
        streamEvents: orderEvents,
      } = running = await startPaymentsBesideBilling()),
  );
  afterAll(() => running.close());

  const issuedByBilling = (
    caller: TestCaller,
    fields: Parameters<typeof billingInvoice>[2] = {},
  ) => {
    const invoice = billingInvoice(id('inv'), id('order'), fields);
    billing.answer(caller.accountId, `/v1/invoices/${invoice.id}`, invoice);
    return invoice;
  };

  it('answers a keyed retry with the first answer although the first attempt opened the invoice’s order and the retry finds it open', async () => {
    const caller = newAccount();
    const invoice = issuedByBilling(caller, { amount: 70000 });
    const pay = {
      method: 'POST' as const,
      url: '/v1/simulator/payments',
      body: { invoice_id: invoice.id, method: 'card', card: VISA },
      headers: { [ContextHeaders.idempotencyKey]: `api:${id('key')}` },
    };
    const first = await as(payments, caller).call(pay);
    expect(first).toMatchObject({ status: 200, body: { razorpay_order_id: invoice.order_id } });

    const retry = await as(payments, caller).call(pay);

    expect(retry).toEqual(first);
  });

  it('asks billing, opens the invoice’s order as invoice.issued would, and pays it; the event arriving later changes nothing', async () => {
    const caller = newAccount();
    const invoice = issuedByBilling(caller, { amount: 70000, notes: { plan: 'annual' } });
    const paid = await as(payments, caller).post('/v1/simulator/payments', {
      invoice_id: invoice.id,
      method: 'card',
      card: VISA,
    });
    expect(paid).toMatchObject({
      status: 200,
      body: {
        razorpay_invoice_id: invoice.id,
        razorpay_order_id: invoice.order_id,
        payment: {
          amount: 70000,
          status: 'captured',
          invoice_id: invoice.id,
          order_id: invoice.order_id,
        },
      },
    });
    const question = billing.asked.find((asked) => asked.path === `/v1/invoices/${invoice.id}`);
    expect(question?.headers).toMatchObject({
      'x-internal-token': expect.any(String),
      'x-account-id': caller.accountId,
      'x-mode': 'test',
    });
    expect((await as(payments, caller).get(`/v1/orders/${invoice.order_id}`)).body).toMatchObject({
      status: 'paid',
      amount: 70000,
      amount_paid: 70000,
      notes: { plan: 'annual' },
    });
    const before = await orderEvents(invoice.order_id as string);

    await deliver(invoiceEvent(caller, 'invoice.issued', invoice));
    expect(await orderEvents(invoice.order_id as string)).toEqual(before);
    expect((await as(payments, caller).get(`/v1/orders/${invoice.order_id}`)).body).toMatchObject({
      status: 'paid',
      amount_paid: 70000,
    });
  });

  it('pays an invoice once when 20 payments of it arrive together before its event: one order, one payment', async () => {
    const caller = newAccount();
    const invoice = issuedByBilling(caller, { amount: 30000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        as(payments, caller).post('/v1/simulator/payments', {
          invoice_id: invoice.id,
          method: 'card',
          card: VISA,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual(
      Array.from({ length: 19 }, () => ({
        status: 400,
        body: refusal('The order has already been paid.'),
      })),
    );
    expect(
      (await orderEvents(invoice.order_id as string)).filter((type) => type === 'OrderCreated'),
    ).toHaveLength(1);
    expect((await as(payments, caller).get(`/v1/orders/${invoice.order_id}`)).body).toMatchObject({
      status: 'paid',
      amount_paid: 30000,
    });
  });

  it('refuses a cancelled or expired invoice as its closed order would, and one billing does not know or has not issued', async () => {
    const caller = newAccount();
    const api = as(payments, caller);
    const cancelled = issuedByBilling(caller, { status: 'cancelled' });
    const expired = issuedByBilling(caller, { status: 'expired' });
    const draft = issuedByBilling(caller, { status: 'draft', order_id: null });
    const pay = (invoiceId: string) =>
      api.post('/v1/simulator/payments', { invoice_id: invoiceId, method: 'card', card: VISA });
    expect(await pay(cancelled.id)).toEqual({
      status: 400,
      body: refusal('The invoice of this order is cancelled: it takes no more payments.'),
    });
    expect(await pay(expired.id)).toEqual({
      status: 400,
      body: refusal('The invoice of this order is expired: it takes no more payments.'),
    });
    const notIssued = {
      status: 400,
      body: refusal(
        'The id provided does not exist (or the invoice is not issued yet)',
        'invoice_id',
      ),
    };
    expect(await pay(draft.id)).toEqual(notIssued);
    expect(await pay(id('inv'))).toEqual(notIssued);
    // Another account's invoice is unknown to billing for this one.
    expect(
      await as(payments, newAccount()).post('/v1/simulator/payments', {
        invoice_id: cancelled.id,
        method: 'card',
        card: VISA,
      }),
    ).toEqual(notIssued);
    expect((await api.get(`/v1/orders/${cancelled.order_id}`)).status).toBe(400);
  });

  it('answers 503 with Retry-After, not "does not exist", while billing cannot answer', async () => {
    const caller = newAccount();
    const invoiceId = id('inv');
    billing.answer(
      caller.accountId,
      `/v1/invoices/${invoiceId}`,
      { error: { code: 'SERVER_ERROR' } },
      500,
    );
    const answer = await payments.app.inject({
      method: 'POST',
      url: '/v1/simulator/payments',
      payload: { invoice_id: invoiceId, method: 'card', card: VISA },
      headers: {
        'x-internal-token': 'test-internal-token-0123456789abcdef',
        'x-account-id': caller.accountId,
        'x-mode': 'test',
      },
    });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toMatch(/^\d+$/);
    expect(answer.json()).toMatchObject({ error: { code: 'SERVER_ERROR' } });
  });
});

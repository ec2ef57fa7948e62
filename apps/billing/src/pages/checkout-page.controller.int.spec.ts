import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { PublishedPaymentEvent } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import { consumerInbox, refusal, TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import type { Producer } from 'kafkajs';
import { okCall, startBillingWithBroker } from '../../test/billing.kit';
import type { BillingWithBroker } from '../../test/billing.kit';
import { deliverThenMark, paymentEvent } from '../../test/payment-events';
import type { PaymentOf } from '../../test/payment-events';
import { SUBSCRIPTION_PAYMENTS_CONSUMER } from '../flows/on-subscription-payment.consumer';
import { INVOICE_PAYMENTS_CONSUMER } from '../invoice/on-invoice-payment.consumer';

const newAccount = (): TestCaller => ({
  accountId: `acc_Pay${randomUUID().replace(/-/g, '').slice(0, 11)}`,
  mode: 'test',
});
const PAY_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-src 'self'; img-src 'self' data:; frame-ancestors 'none'";

describe('the pay pages and what the gateway asks to open Checkout from them (billing)', () => {
  let billing: ServiceUnderTest;
  let producer: Producer;
  let running: BillingWithBroker;

  beforeAll(async () => ({ billing, producer } = running = await startBillingWithBroker()));
  afterAll(() => running.stop());

  const invoiceInbox = consumerInbox(() => billing, INVOICE_PAYMENTS_CONSUMER);
  const subscriptionInbox = consumerInbox(() => billing, SUBSCRIPTION_PAYMENTS_CONSUMER);
  const call = (caller: TestCaller, method: 'GET' | 'POST', url: string, body?: unknown) =>
    okCall(billing, caller, method, url, body);
  /** As the gateway asks: the internal token, no caller. */
  const internal = (url: string) =>
    billing.app.inject({
      method: 'GET',
      url,
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });
  const ownerOf = async (id: string) => {
    const answer = await internal(`/internal/checkout-pages/${id}`);
    return { status: answer.statusCode, body: answer.json() as unknown };
  };
  const capture = (
    caller: TestCaller,
    inbox: typeof invoiceInbox,
    payment: PaymentOf,
  ): Promise<void> => {
    const captured: PublishedPaymentEvent = paymentEvent(caller, 'payment.captured', payment);
    return deliverThenMark(producer, inbox.rows, caller, payment, [captured]);
  };
  const issuedInvoice = async (caller: TestCaller, fields: Record<string, unknown> = {}) =>
    call(caller, 'POST', '/v1/invoices', {
      customer: { name: 'Gaurav Kumar', email: 'gaurav.kumar@example.com' },
      line_items: [{ name: 'Consulting', amount: 50000 }],
      ...fields,
    });

  describe('an invoice', () => {
    it('is paid through its order while issued and partially paid, its page listing what was paid', async () => {
      const caller = newAccount();
      const invoice = await issuedInvoice(caller, { partial_payment: true });
      const id = invoice['id'] as string;
      const orderId = invoice['order_id'] as string;
      expect(await ownerOf(id)).toEqual({
        status: 200,
        body: { account_id: caller.accountId, mode: 'test', order_id: orderId },
      });
      const part: PaymentOf = { id: newId('pay'), amount: 20000, orderId, invoiceId: id };
      await capture(caller, invoiceInbox, part);
      expect(await ownerOf(id)).toMatchObject({ status: 200, body: { order_id: orderId } });
      const page = await internal(`/internal/invoices/${id}/page.html`);
      expect(page.headers['content-security-policy']).toBe(PAY_PAGE_POLICY);
      expect(page.body).toContain('data-amount-due="30000" data-partial="true"');
      expect(page.body).toContain(`<td>${part.id}</td><td class="num">₹200.00</td>`);
      expect(page.body).toContain('<script src="/v1/checkout/assets/pay-page.js"></script>');
    });

    it('takes no payment once paid, and its page says so with no button', async () => {
      const caller = newAccount();
      const invoice = await issuedInvoice(caller);
      const id = invoice['id'] as string;
      await capture(caller, invoiceInbox, {
        id: newId('pay'),
        amount: 50000,
        orderId: invoice['order_id'] as string,
        invoiceId: id,
      });
      expect(await ownerOf(id)).toEqual({
        status: 400,
        body: refusal('This page cannot take payments: the invoice is paid.'),
      });
      const page = await internal(`/internal/invoices/${id}/page.html`);
      expect(page.body).toContain('Paid in full on ');
      expect(page.body).not.toContain('id="pay"');
    });

    it('takes no payment once cancelled', async () => {
      const caller = newAccount();
      const id = (await issuedInvoice(caller))['id'] as string;
      await call(caller, 'POST', `/v1/invoices/${id}/cancel`);
      expect(await ownerOf(id)).toEqual({
        status: 400,
        body: refusal('This page cannot take payments: the invoice is cancelled.'),
      });
    });

    it('is unknown as a draft, and so is any other id', async () => {
      const caller = newAccount();
      const draft = (await issuedInvoice(caller, { draft: '1' }))['id'] as string;
      for (const id of [draft, 'inv_Unknown0000001', 'pay_1Aa00000000001'])
        expect(await ownerOf(id)).toEqual({
          status: 400,
          body: refusal('The id provided does not exist'),
        });
    });
  });

  describe('a subscription', () => {
    it('is authorized through Checkout while it awaits authorization, and takes none after', async () => {
      const caller = newAccount();
      const plan = await call(caller, 'POST', '/v1/plans', {
        period: 'monthly',
        interval: 1,
        item: { name: 'Gold', amount: 49900, currency: 'INR' },
      });
      const id = (
        await call(caller, 'POST', '/v1/subscriptions', { plan_id: plan['id'], total_count: 6 })
      )['id'] as string;
      expect(await ownerOf(id)).toEqual({
        status: 200,
        body: { account_id: caller.accountId, mode: 'test', subscription_id: id },
      });
      const page = await internal(`/internal/subscriptions/${id}/page.html`);
      expect(page.headers['content-security-policy']).toBe(PAY_PAGE_POLICY);
      expect(page.body).toContain('<button id="pay-button" type="button">Authorize</button>');
      const invoices = await call(caller, 'GET', `/v1/invoices?subscription_id=${id}`);
      const [first] = invoices['items'] as Record<string, unknown>[];
      await capture(caller, subscriptionInbox, {
        id: newId('pay'),
        amount: 49900,
        orderId: first['order_id'] as string,
        invoiceId: first['id'] as string,
      });
      expect(await ownerOf(id)).toEqual({
        status: 400,
        body: refusal('This page cannot take payments: the subscription is already authorized.'),
      });
      const authorized = await internal(`/internal/subscriptions/${id}/page.html`);
      expect(authorized.body).toContain('Authorized and active');
      expect(authorized.body).not.toContain('id="pay"');
    });
  });
});

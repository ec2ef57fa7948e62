import 'reflect-metadata';
import { newId } from '@platform/domain-kit';
import { advanceTestClock, TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { billingInvoice, invoiceEvent } from '../../test/billing-events';
import { as, newAccount, refusal, VISA } from '../../test/payments.kit';
import { startPaymentsBesideBilling } from '../../test/payments-beside-billing';
import type { PaymentsBesideBilling } from '../../test/payments-beside-billing';
import { INVOICE_ORDERS_CONSUMER } from '../order/on-invoice-changed.consumer';

type Json = Record<string, unknown>;

/** The key id the gateway authenticated (checkout sends it; payments ignores it). */
const keyOf = (caller: TestCaller) => `rzp_${caller.mode}_TestKey0000001`;

describe('checkout: payments that wait for the bank', () => {
  let running: PaymentsBesideBilling;
  let payments: ServiceUnderTest;

  beforeAll(async () => ({ payments } = running = await startPaymentsBesideBilling()));
  afterAll(() => running.close());

  const checkout = (caller: TestCaller, body: Json) =>
    as(payments, caller).post('/v1/checkout/payments', { key_id: keyOf(caller), ...body });
  const follow = (caller: TestCaller, id: unknown) =>
    as(payments, caller).get(`/v1/checkout/payments/${String(id)}?key_id=${keyOf(caller)}`);
  const card = (number = VISA.number, cvv = '123') => ({
    method: 'card',
    card: { ...VISA, number, cvv },
  });

  /** The test bank's page as the gateway fetches it (no account context). */
  async function bankPage(id: unknown) {
    const response = await payments.app.inject({
      method: 'GET',
      url: `/internal/test-bank/${String(id)}/page.html`,
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  }
  /** The customer's form post on the test bank's page. */
  async function answerBank(id: unknown, form: Record<string, string>) {
    const response = await payments.app.inject({
      method: 'POST',
      url: `/internal/test-bank/${String(id)}`,
      headers: {
        'x-internal-token': TEST_INTERNAL_TOKEN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(form).toString(),
    });
    return { status: response.statusCode, body: response.body };
  }
  const outboxOf = async (key: string) =>
    (
      await running.query(
        `SELECT payload->>'type' AS type FROM outbox WHERE message_key = $1 ORDER BY position`,
        [key],
      )
    ).map((row) => row['type']);

  describe('a card', () => {
    it('waits, created, for its OTP, publishing nothing, then is authorized by a valid OTP', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const order = await api.order();
      const begun = await checkout(caller, {
        order_id: order['id'],
        ...card('4100280000001007'),
        description: 'Rent <flat 4> & parking',
      });
      expect(begun.status).toBe(200);
      const id = begun.body['razorpay_payment_id'] as string;
      expect(begun.body).toEqual({
        razorpay_payment_id: id,
        status: 'created',
        next: { action: 'authenticate', url: `/v1/checkout/test-bank/${id}` },
      });
      expect((await follow(caller, id)).body).toEqual(begun.body);
      expect((await api.get(`/v1/payments/${id}`)).body).toMatchObject({
        status: 'created',
        captured: false,
        error_code: null,
        acquirer_data: {},
      });
      expect(await outboxOf(id)).toEqual([]);

      const page = await bankPage(id);
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors *",
      );
      expect(page.body).toContain('Test Mode');
      expect(page.body).toContain('name="otp"');
      expect(page.body).toContain('>Submit</button>');
      expect(page.body).toContain('INR 500.00');
      expect(page.body).toContain('Rent &lt;flat 4&gt; &amp; parking');
      expect(page.body).not.toContain('<script');
      expect(page.body).not.toContain('4100280000001007');

      expect(await answerBank(id, { otp: '123456' })).toEqual({
        status: 200,
        body: expect.stringContaining('Payment successful'),
      });
      expect((await follow(caller, id)).body).toEqual({
        razorpay_payment_id: id,
        razorpay_order_id: order['id'],
        status: 'authorized',
      });
      expect((await api.get(`/v1/payments/${id}`)).body).toMatchObject({
        status: 'authorized',
        acquirer_data: { auth_code: expect.stringMatching(/^\d{6}$/) },
      });
      expect(await outboxOf(id)).toEqual(['payment.authorized']);
      expect((await api.get(`/v1/orders/${order['id']}`)).body).toMatchObject({ attempts: 1 });
    });

    it('is authorized by its OTP after more edits of its notes than its snapshot holds', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const order = await api.order();
      const begun = await checkout(caller, { order_id: order['id'], ...card('4100280000001007') });
      const id = begun.body['razorpay_payment_id'] as string;
      for (let i = 0; i < 110; i++)
        expect((await api.patch(`/v1/payments/${id}`, { notes: { edit: String(i) } })).status).toBe(
          200,
        );
      expect(
        await running.query(
          'SELECT count(*)::int AS n FROM stream_snapshots WHERE stream_id = $1',
          [id],
        ),
      ).toEqual([{ n: 1 }]);
      expect(await answerBank(id, { otp: '123456' })).toMatchObject({ status: 200 });
      expect((await api.get(`/v1/payments/${id}`)).body).toMatchObject({
        status: 'authorized',
        notes: { edit: '109' },
      });
    }, 180_000); // over a hundred requests in a row: minutes on a loaded machine

    it('fails with an OTP of fewer than 4 digits, and an error card with its own reason after its OTP', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const short = await checkout(caller, { order_id: (await api.order())['id'], ...card() });
      expect(await answerBank(short.body['razorpay_payment_id'], { otp: '12' })).toEqual({
        status: 200,
        body: expect.stringContaining('Payment failed: Authentication failed due to incorrect otp'),
      });
      const broke = await checkout(caller, {
        order_id: (await api.order())['id'],
        ...card('4100280000080001'),
      });
      const id = broke.body['razorpay_payment_id'];
      expect((await answerBank(id, { otp: '1234' })).body).toContain(
        'Payment failed: Your payment could not be completed due to insufficient account balance.',
      );
      expect((await follow(caller, id)).body).toMatchObject({
        status: 'failed',
        error: {
          reason: 'insufficient_fund',
          source: 'customer',
          metadata: { payment_id: id },
        },
      });
      expect(await outboxOf(id as string)).toEqual(['payment.failed']);
    });

    it('refuses an answer without an otp, naming the field, and keeps the payment waiting', async () => {
      const caller = newAccount();
      const begun = await checkout(caller, {
        order_id: (await as(payments, caller).order())['id'],
        ...card(),
      });
      const id = begun.body['razorpay_payment_id'];
      const answered = await answerBank(id, {});
      expect(answered.status).toBe(400);
      expect(JSON.parse(answered.body)).toEqual(refusal('The otp field is required.', 'otp'));
      expect((await follow(caller, id)).body['status']).toBe('created');
    });
  });

  describe.each([
    ['netbanking', { method: 'netbanking', bank: 'HDFC' }, 'HDFC Bank'],
    ['a wallet', { method: 'wallet', wallet: 'paytm' }, 'paytm'],
  ])('%s', (_name, instrument, shown) => {
    it('waits on a page with Success and Failure, and is authorized on Success or fails on Failure', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const first = await checkout(caller, { order_id: (await api.order())['id'], ...instrument });
      expect(first.body['status']).toBe('created');
      const page = (await bankPage(first.body['razorpay_payment_id'])).body;
      expect(page).toContain(shown);
      expect(page).toContain('name="outcome" value="success">Success</button>');
      expect(page).toContain('name="outcome" value="failure">Failure</button>');
      expect(
        (await answerBank(first.body['razorpay_payment_id'], { outcome: 'success' })).body,
      ).toContain('Payment successful');
      expect((await follow(caller, first.body['razorpay_payment_id'])).body['status']).toBe(
        'authorized',
      );
      const second = await checkout(caller, { order_id: (await api.order())['id'], ...instrument });
      expect(
        (await answerBank(second.body['razorpay_payment_id'], { outcome: 'failure' })).body,
      ).toContain('Payment failed');
      expect((await follow(caller, second.body['razorpay_payment_id'])).body).toMatchObject({
        status: 'failed',
        error: { reason: 'payment_failed' },
      });
    });
  });

  describe('UPI, decided at once', () => {
    it('captures success@razorpay on an order with payment_capture, answering the order id', async () => {
      const caller = newAccount();
      const order = await as(payments, caller).order({ payment_capture: 1 });
      const paid = await checkout(caller, {
        order_id: order['id'],
        method: 'upi',
        vpa: 'success@razorpay',
      });
      expect(paid).toEqual({
        status: 200,
        body: {
          razorpay_payment_id: expect.stringMatching(/^pay_/),
          razorpay_order_id: order['id'],
          status: 'captured',
        },
      });
      expect(await outboxOf(paid.body['razorpay_payment_id'] as string)).toEqual([
        'payment.authorized',
        'payment.captured',
      ]);
    });

    it('fails failure@razorpay: 400 with the payment’s and the order’s ids, the payment recorded as failed', async () => {
      const caller = newAccount();
      const order = await as(payments, caller).order();
      const failed = await checkout(caller, {
        order_id: order['id'],
        method: 'upi',
        vpa: 'failure@razorpay',
      });
      expect(failed.status).toBe(400);
      const metadata = (failed.body['error'] as Json)['metadata'] as Json;
      expect(metadata).toEqual({
        payment_id: expect.stringMatching(/^pay_/),
        order_id: order['id'],
      });
      expect((await follow(caller, metadata['payment_id'])).body['status']).toBe('failed');
    });
  });

  describe('the order’s rules', () => {
    it('refuses an order already paid with order_already_paid, recording nothing', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const order = await api.order({ payment_capture: 1 });
      expect((await api.pay(order['id'])).status).toBe(200);
      const refused = await checkout(caller, { order_id: order['id'], ...card() });
      expect(refused.status).toBe(400);
      expect(refused.body['error']).toMatchObject({
        description: 'The order has already been paid.',
        reason: 'order_already_paid',
      });
      expect((await api.get(`/v1/orders/${order['id']}`)).body['attempts']).toBe(1);
      expect(
        ((await api.get(`/v1/orders/${order['id']}/payments`)).body['items'] as Json[]).length,
      ).toBe(1);
    });

    it('takes a part of a partial-payment order, and refuses more than is due', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const order = await api.order({ amount: 50000, partial_payment: true, payment_capture: 1 });
      const part = await checkout(caller, { order_id: order['id'], amount: 20000, ...card() });
      await answerBank(part.body['razorpay_payment_id'], { otp: '1234' });
      expect((await api.get(`/v1/orders/${order['id']}`)).body).toMatchObject({
        amount_paid: 20000,
        amount_due: 30000,
        status: 'attempted',
      });
      expect(await checkout(caller, { order_id: order['id'], amount: 40000, ...card() })).toEqual({
        status: 400,
        body: refusal(
          'The payment amount may not be greater than the order amount due (30000).',
          'amount',
        ),
      });
    });

    it('fails a payment whose order another payment paid while it waited, with order_already_paid', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const order = await api.order({ payment_capture: 1 });
      const waiting = await checkout(caller, { order_id: order['id'], ...card() });
      expect((await api.pay(order['id'])).status).toBe(200);
      expect(
        (await answerBank(waiting.body['razorpay_payment_id'], { otp: '1234' })).body,
      ).toContain('Payment failed: The order has already been paid.');
      expect((await follow(caller, waiting.body['razorpay_payment_id'])).body).toMatchObject({
        status: 'failed',
        error: { reason: 'order_already_paid', source: 'business' },
      });
    });

    it('pays an invoice’s order, captured, naming the invoice', async () => {
      const caller = newAccount();
      const invoice = billingInvoice(newId('inv'), newId('order'), { amount: 30000 });
      await running.deliver(
        'billing.invoice',
        INVOICE_ORDERS_CONSUMER,
        invoiceEvent(caller, 'invoice.issued', invoice),
      );
      const begun = await checkout(caller, { order_id: invoice.order_id, ...card() });
      await answerBank(begun.body['razorpay_payment_id'], { otp: '1234' });
      expect(
        (
          await as(payments, caller).get(
            `/v1/payments/${String(begun.body['razorpay_payment_id'])}`,
          )
        ).body,
      ).toMatchObject({
        status: 'captured',
        amount: 30000,
        invoice_id: invoice.id,
        order_id: invoice.order_id,
      });
    });

    it('authorizes a subscription: saves its instrument and gives its token payment back, answering the subscription id', async () => {
      const caller = newAccount();
      const subscriptionId = newId('sub');
      const orderId = newId('order');
      running.billing.answer(
        caller.accountId,
        `/internal/subscriptions/${subscriptionId}/authorization`,
        {
          subscription: { id: subscriptionId, entity: 'subscription', status: 'created' },
          authorization: {
            order_id: orderId,
            amount: 100,
            currency: 'INR',
            invoice_id: null,
            refund: true,
          },
        },
      );
      const preferences = await as(payments, caller).get(
        `/v1/checkout/preferences?key_id=${keyOf(caller)}&subscription_id=${subscriptionId}`,
      );
      expect(preferences.body['subscription']).toEqual({
        id: subscriptionId,
        status: 'created',
        amount: 100,
        currency: 'INR',
      });
      const begun = await checkout(caller, { subscription_id: subscriptionId, ...card() });
      const id = begun.body['razorpay_payment_id'];
      await answerBank(id, { otp: '1234' });
      expect((await follow(caller, id)).body).toEqual({
        razorpay_payment_id: id,
        razorpay_subscription_id: subscriptionId,
        status: 'refunded',
      });
      const [mandate] = await running.query(
        'SELECT token FROM subscription_mandates WHERE subscription_id = $1',
        [subscriptionId],
      );
      expect(mandate['token']).toMatchObject({ method: 'card', card: { last4: '1111' } });
      expect(JSON.stringify(mandate['token'])).not.toContain(VISA.number);
      expect((await checkout(caller, { subscription_id: subscriptionId, ...card() })).body).toEqual(
        refusal('The subscription is already authorized.'),
      );
    });
  });

  describe('tenancy and modes', () => {
    it('refuses live mode: no acquirer is configured, nothing is recorded, and preferences say so', async () => {
      const caller = newAccount();
      const live = { ...caller, mode: 'live' as const };
      const order = await as(payments, live).order();
      expect(await checkout(live, { order_id: order['id'], ...card() })).toEqual({
        status: 400,
        body: refusal('Live payments need an acquirer, and none is configured on this platform.'),
      });
      expect(
        (await as(payments, live).get(`/v1/orders/${order['id']}/payments`)).body['count'],
      ).toBe(0);
      expect((await as(payments, live).get('/v1/checkout/preferences')).body).toMatchObject({
        mode: 'live',
        acquirer: null,
      });
    });

    it('answers another account’s order and payment as ids that do not exist', async () => {
      const owner = newAccount();
      const order = await as(payments, owner).order();
      const begun = await checkout(owner, { order_id: order['id'], ...card() });
      const stranger = newAccount();
      expect(await checkout(stranger, { order_id: order['id'], ...card() })).toEqual({
        status: 400,
        body: refusal('The id provided does not exist', 'order_id'),
      });
      expect(await follow(stranger, begun.body['razorpay_payment_id'])).toEqual({
        status: 400,
        body: refusal('The id provided does not exist'),
      });
      expect(
        (
          await as(payments, stranger).get(
            `/v1/checkout/preferences?order_id=${String(order['id'])}`,
          )
        ).body,
      ).toEqual(refusal('The id provided does not exist', 'order_id'));
    });

    it('gives preferences: the mode, the test bank, the methods and the order', async () => {
      const caller = newAccount();
      const order = await as(payments, caller).order({ amount: 25000, receipt: 'R-9' });
      expect(
        (
          await as(payments, caller).get(
            `/v1/checkout/preferences?key_id=${keyOf(caller)}&order_id=${String(order['id'])}`,
          )
        ).body,
      ).toEqual({
        mode: 'test',
        options: { redirect: false },
        acquirer: 'test_bank',
        methods: {
          card: true,
          upi: true,
          netbanking: expect.objectContaining({ HDFC: 'HDFC Bank', SBIN: 'State Bank of India' }),
          wallet: expect.objectContaining({ paytm: true }),
        },
        order: {
          id: order['id'],
          amount: 25000,
          amount_paid: 0,
          amount_due: 25000,
          currency: 'INR',
          status: 'created',
          partial_payment: false,
          first_payment_min_amount: null,
          receipt: 'R-9',
          notes: {},
        },
      });
    });

    it('refuses bad input naming the field, with nothing made', async () => {
      const caller = newAccount();
      const order = await as(payments, caller).order();
      expect(await checkout(caller, { order_id: order['id'], method: 'card' })).toEqual({
        status: 400,
        body: refusal('The card field is required when method is card.', 'card'),
      });
      expect(await checkout(caller, { method: 'upi', vpa: 'success@razorpay' })).toEqual({
        status: 400,
        body: refusal(
          'Send exactly one of order_id or subscription_id: what this payment pays.',
          'order_id',
        ),
      });
      expect(
        (await as(payments, caller).get(`/v1/orders/${String(order['id'])}/payments`)).body[
          'count'
        ],
      ).toBe(0);
    });
  });

  describe('the test bank’s pages', () => {
    it('serve no unknown payment, and say so for a payment no longer waiting', async () => {
      expect(JSON.parse((await bankPage('pay_Unknown0000001')).body)).toEqual(
        refusal('The id provided does not exist'),
      );
      const caller = newAccount();
      const paid = await as(payments, caller).pay((await as(payments, caller).order())['id']);
      expect((await bankPage(paid.body['razorpay_payment_id'])).status).toBe(400);
      const begun = await checkout(caller, {
        order_id: (await as(payments, caller).order())['id'],
        ...card(),
      });
      await answerBank(begun.body['razorpay_payment_id'], { otp: '1234' });
      expect((await bankPage(begun.body['razorpay_payment_id'])).body).toContain(
        'This payment is not waiting for its bank: it is authorized.',
      );
      expect((await answerBank(begun.body['razorpay_payment_id'], { otp: '1234' })).body).toContain(
        'not waiting',
      );
    });
  });

  it('fails a payment never answered 15 minutes after its creation, on the account’s test clock', async () => {
    const caller = newAccount();
    const begun = await checkout(caller, {
      order_id: (await as(payments, caller).order())['id'],
      ...card(),
    });
    const id = begun.body['razorpay_payment_id'] as string;
    await advanceTestClock(running.broker, caller.accountId, 16 * 60);
    const failed = await waitFor(async () => {
      const { body } = await follow(caller, id);
      return body['status'] === 'failed' ? body : null;
    }, 'the payment’s expiry');
    expect(failed).toMatchObject({ error: { reason: 'payment_timed_out' } });
    expect(await outboxOf(id)).toEqual(['payment.failed']);
  });

  describe('20 customers at once', () => {
    it('answering on one order with payment_capture give one captured payment; the others fail with order_already_paid', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const order = await api.order({ payment_capture: 1 });
      const ids: string[] = [];
      for (let i = 0; i < 20; i++)
        ids.push(
          (await checkout(caller, { order_id: order['id'], ...card() })).body[
            'razorpay_payment_id'
          ] as string,
        );
      const pages = await Promise.all(ids.map((id) => answerBank(id, { otp: '1234' })));
      expect(pages.filter((page) => page.body.includes('Payment successful'))).toHaveLength(1);
      expect(
        pages.filter((page) =>
          page.body.includes('Payment failed: The order has already been paid.'),
        ),
      ).toHaveLength(19);
      const states = await Promise.all(ids.map((id) => api.get(`/v1/payments/${id}`)));
      expect(states.filter((state) => state.body['status'] === 'captured')).toHaveLength(1);
      expect(
        states.filter((state) => state.body['error_reason'] === 'order_already_paid'),
      ).toHaveLength(19);
      expect((await api.get(`/v1/orders/${order['id']}`)).body).toMatchObject({
        status: 'paid',
        amount_paid: 50000,
      });
    });

    it('beginning on one order with payment_capture give one captured payment; the others are refused with order_already_paid', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const order = await api.order({ payment_capture: 1 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          checkout(caller, { order_id: order['id'], method: 'upi', vpa: 'success@razorpay' }),
        ),
      );
      expect(answers.filter((answer) => answer.body['status'] === 'captured')).toHaveLength(1);
      expect(
        answers.filter(
          (answer) =>
            (answer.body['error'] as Json | undefined)?.['reason'] === 'order_already_paid',
        ),
      ).toHaveLength(19);
      expect((await api.get(`/v1/orders/${order['id']}`)).body).toMatchObject({
        status: 'paid',
        amount_paid: 50000,
        attempts: 1,
      });
    });
  });
});

import 'reflect-metadata';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker, TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import jsQR from 'jsqr';
import { Kafka, logLevel } from 'kafkajs';
import type { Consumer } from 'kafkajs';
import { PNG } from 'pngjs';
import { DataSource } from 'typeorm';
import {
  advanceTestClock,
  as,
  newAccount,
  refusal,
  startPayments,
  UNREACHABLE_BILLING_URL,
  VISA,
} from '../../test/payments.kit';

const DAY = 24 * 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const upi = { method: 'upi', vpa: 'success@razorpay', card: undefined };

describe('QR codes API (payments)', () => {
  let broker: RunningBroker;
  let payments: ServiceUnderTest;
  let consumer: Consumer;
  const published: { key: string; type: string; data: Record<string, Record<string, unknown>> }[] =
    [];

  beforeAll(async () => {
    broker = await startTestBroker();
    payments = await startPayments(broker);
    consumer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).consumer({
      groupId: 'qr-events-audit',
      maxWaitTimeInMs: 200,
    });
    await consumer.connect();
    await consumer.subscribe({ topic: 'payments.qr_code', fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) =>
        void published.push({ key: String(message.key), ...JSON.parse(String(message.value)) }),
    });
  });

  afterAll(async () => {
    await consumer.disconnect();
    await payments.close();
    await broker.stop();
  });

  /** Billing's customer.created for a customer of `owner`'s account, as payments consumes it. */
  async function customerCreated(
    owner: TestCaller,
    customerId: string,
    contact: { name: string; email: string | null; contact: string | null },
  ): Promise<void> {
    const producer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
    const event = {
      id: `evt-${customerId}`,
      type: 'customer.created',
      schema_version: 1,
      account_id: owner.accountId,
      mode: 'test',
      stream_id: customerId,
      stream_version: 1,
      occurred_at: nowSeconds(),
      correlation_id: null,
      causation_id: null,
      data: {
        customer: {
          id: customerId,
          entity: 'customer',
          ...contact,
          gstin: null,
          notes: {},
          created_at: nowSeconds(),
        },
      },
    };
    await producer.send({
      topic: 'billing.customer',
      messages: [{ key: customerId, value: JSON.stringify(event) }],
    });
    await producer.disconnect();
  }

  /** A UPI QR code of the customer, made once the customer has reached the directory. */
  async function codeOfCustomer(owner: TestCaller, customerId: string) {
    let code: Record<string, unknown> = {};
    await waitFor(async () => {
      const made = await as(payments, owner).post('/v1/payments/qr_codes', {
        type: 'upi_qr',
        customer_id: customerId,
      });
      code = made.body;
      return made.status === 200;
    }, 'the customer in the directory');
    return code;
  }

  const fixedSingleUse = (extra: Record<string, unknown> = {}) => ({
    type: 'upi_qr',
    usage: 'single_use',
    fixed_amount: true,
    payment_amount: 30000,
    name: 'Store Front',
    ...extra,
  });
  const qr = async (
    api: ReturnType<typeof as>,
    body: Record<string, unknown> = { type: 'upi_qr', name: 'Counter 1' },
  ) => {
    const { status, body: code } = await api.post('/v1/payments/qr_codes', body);
    if (status !== 200) throw new Error(`QR code not created: ${JSON.stringify(code)}`);
    return code;
  };

  describe('creating', () => {
    it('creates a multiple-use code by default, with its image URL and counters at zero', async () => {
      const api = as(payments, newAccount());
      const code = await qr(api, {
        type: 'upi_qr',
        name: 'Counter 1',
        description: 'Pay here',
        notes: { till: '4' },
        tax_invoice: { number: 'INV-1', gst_amount: 540, supply_type: 'intrastate' },
      });
      expect(code).toEqual({
        id: expect.stringMatching(/^qr_[0-9A-Za-z]{14}$/),
        entity: 'qr_code',
        created_at: expect.any(Number),
        name: 'Counter 1',
        usage: 'multiple_use',
        type: 'upi_qr',
        image_url: `http://localhost:3000/qr/${code['id']}.png`,
        payment_amount: null,
        status: 'active',
        description: 'Pay here',
        fixed_amount: false,
        payments_amount_received: 0,
        payments_count_received: 0,
        notes: { till: '4' },
        customer_id: null,
        close_by: null,
        closed_at: null,
        close_reason: null,
        tax_invoice: { number: 'INV-1', gst_amount: 540, supply_type: 'intrastate' },
      });
      expect((await api.get(`/v1/payments/qr_codes/${code['id']}`)).body).toEqual(code);
    });

    it('draws a PNG that a QR reader decodes to the UPI intent, with the amount of a fixed-amount code', async () => {
      const caller = newAccount();
      const code = await qr(as(payments, caller), fixedSingleUse({ description: 'Table 7' }));
      const image = await payments.app.inject({
        method: 'GET',
        url: `/internal/qr-codes/${code['id']}/image.png`,
        headers: { 'x-internal-token': 'test-internal-token-0123456789abcdef' },
      });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      const unknown = await payments.app.inject({
        method: 'GET',
        url: '/internal/qr-codes/qr_00000000000000/image.png',
        headers: { 'x-internal-token': 'test-internal-token-0123456789abcdef' },
      });
      expect({
        status: unknown.statusCode,
        description: (JSON.parse(unknown.body) as { error: { description: string } }).error
          .description,
      }).toEqual({ status: 400, description: 'The id provided does not exist' });
      const png = PNG.sync.read(image.rawPayload);
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(decoded?.data).toBe(
        `upi://pay?pa=${caller.accountId.toLowerCase()}%40rzp&pn=Store+Front&tr=${code['id']}&am=300.00&cu=INR&tn=Table+7`,
      );
      // Decoding the PNG is CPU work: in one npm test the machine stalled past jest's 60 s here.
    }, 180_000);

    it.each([
      [
        { usage: 'single_use', fixed_amount: false },
        'fixed_amount',
        'A single_use QR code must have fixed_amount true.',
      ],
      [
        { fixed_amount: true },
        'payment_amount',
        'The payment_amount field is required when fixed_amount is true.',
      ],
      [
        { payment_amount: 5000 },
        'payment_amount',
        'The payment_amount is allowed only when fixed_amount is true.',
      ],
      [
        { fixed_amount: true, payment_amount: 99 },
        'payment_amount',
        'The payment_amount must be at least 100.',
      ],
      [
        { fixed_amount: 1, payment_amount: 1.5 },
        'payment_amount',
        'The payment_amount must be an integer in the smallest currency unit (e.g. paise).',
      ],
      [
        { close_by: nowSeconds() + 3600 },
        'close_by',
        'The close_by is allowed only for single_use QR codes.',
      ],
      [
        {
          usage: 'single_use',
          fixed_amount: true,
          payment_amount: 1000,
          close_by: nowSeconds() + 14 * 60,
        },
        'close_by',
        'The close_by must be at least 15 minutes after the current time.',
      ],
      [
        { usage: 'single_use', fixed_amount: true, payment_amount: 1000, close_by: 2147483648 },
        'close_by',
        'The close_by may not be greater than 2147483647.',
      ],
      [{ close_by: 'tomorrow' }, 'close_by', 'The close_by must be a Unix time in seconds.'],
      [{ type: 'dynamic' }, 'type', 'The type must be upi_qr or bharat_qr.'],
      [{ usage: 'forever' }, 'usage', 'The usage must be single_use or multiple_use.'],
      [
        { tax_invoice: { gst_amount: 1.5 } },
        'tax_invoice.gst_amount',
        'The tax_invoice.gst_amount must be an integer in the smallest currency unit (e.g. paise).',
      ],
      [
        { tax_invoice: { supply_type: 'national' } },
        'tax_invoice.supply_type',
        'The tax_invoice.supply_type must be interstate or intrastate.',
      ],
      [{ tax_invoice: [] }, 'tax_invoice', 'The tax_invoice must be an object.'],
      [{ colour: 'blue' }, 'colour', 'colour is/are not required and should not be sent'],
      [{ notes: { k: 'x'.repeat(257) } }, 'notes', 'notes.k can be at most 256 characters.'],
    ])('refuses %j naming %s', async (body, field, description) => {
      expect(
        await as(payments, newAccount()).post('/v1/payments/qr_codes', { type: 'upi_qr', ...body }),
      ).toEqual({ status: 400, body: refusal(description, field) });
    });

    it('accepts close_by of exactly 15 minutes from now, and 2147483647', async () => {
      const api = as(payments, newAccount());
      expect(
        (
          await api.post(
            '/v1/payments/qr_codes',
            fixedSingleUse({ close_by: nowSeconds() + 15 * 60 + 5 }),
          )
        ).status,
      ).toBe(200);
      expect(
        (await api.post('/v1/payments/qr_codes', fixedSingleUse({ close_by: 2147483647 }))).status,
      ).toBe(200);
    });

    it('refuses UPI QR codes where the account has not the feature, and still makes Bharat QR codes', async () => {
      const api = as(payments, { ...newAccount('live'), features: [] });
      expect(await api.post('/v1/payments/qr_codes', { type: 'upi_qr' })).toEqual({
        status: 400,
        body: refusal('UPI QR codes are not enabled for this account in this mode.', 'type'),
      });
      expect((await api.post('/v1/payments/qr_codes', { type: 'bharat_qr' })).status).toBe(200);
      expect(
        (
          await as(payments, { ...newAccount('live'), features: ['upi_qr'] }).post(
            '/v1/payments/qr_codes',
            { type: 'upi_qr' },
          )
        ).status,
      ).toBe(200);
    });

    it('links a customer billing told payments about, and refuses another account’s', async () => {
      const owner = newAccount();
      const customerId = 'cust_QrCustomer0001';
      await customerCreated(owner, customerId, { name: 'Asha Rao', email: null, contact: null });
      await codeOfCustomer(owner, customerId);
      const listed = await as(payments, owner).get(
        `/v1/payments/qr_codes?customer_id=${customerId}`,
      );
      expect(listed.body['items']).toEqual([expect.objectContaining({ customer_id: customerId })]);
      // Its payments name the code's customer, as Razorpay's do.
      const [code] = listed.body['items'] as Record<string, unknown>[];
      const paid = await as(payments, owner).pay(undefined, {
        ...upi,
        order_id: undefined,
        qr_code_id: code['id'],
        amount: 5000,
      });
      expect(paid.body['payment']).toMatchObject({ customer_id: customerId });
      expect(
        await as(payments, newAccount()).post('/v1/payments/qr_codes', {
          type: 'upi_qr',
          customer_id: 'not-a-customer-id',
        }),
      ).toEqual({ status: 400, body: refusal('The id provided does not exist', 'customer_id') });
    });
    it('answers 503 with Retry-After when a customer it has not heard of cannot be asked of billing', async () => {
      // Billing's URL here is a port nothing listens on (a payments of its own, with its own broker).
      const withoutBilling = await startPayments(undefined, UNREACHABLE_BILLING_URL);
      const answer = await withoutBilling.app.inject({
        method: 'POST',
        url: '/v1/payments/qr_codes',
        headers: {
          'x-internal-token': TEST_INTERNAL_TOKEN,
          'x-account-id': newAccount().accountId,
          'x-mode': 'test',
          'x-features': 'upi_qr',
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ type: 'upi_qr', customer_id: 'cust_NotHeardOf0001' }),
      });
      await withoutBilling.close();
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(JSON.parse(answer.body)).toMatchObject({
        error: { code: 'SERVER_ERROR', reason: 'service_unavailable' },
      });
    });
  });

  describe('closing (the spec’s close table)', () => {
    it('closes on demand, once', async () => {
      const api = as(payments, newAccount());
      const code = await qr(api);
      const { status, body } = await api.post(`/v1/payments/qr_codes/${code['id']}/close`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: code['id'],
        status: 'closed',
        close_reason: 'on_demand',
        closed_at: expect.any(Number),
      });
      expect(await api.post(`/v1/payments/qr_codes/${code['id']}/close`)).toEqual({
        status: 400,
        body: refusal('The QR code is already closed.'),
      });
      expect(
        (
          await api.pay(undefined, {
            ...upi,
            order_id: undefined,
            qr_code_id: code['id'],
            amount: 1000,
          })
        ).body,
      ).toEqual(refusal('The QR code is closed and accepts no payments.'));
    });

    it('answers another account’s id as not existing, and a malformed id with the spec’s message', async () => {
      const code = await qr(as(payments, newAccount()));
      const stranger = as(payments, newAccount());
      expect(await stranger.post(`/v1/payments/qr_codes/${code['id']}/close`)).toEqual({
        status: 400,
        body: refusal('The id provided does not exist'),
      });
      expect(await stranger.post('/v1/payments/qr_codes/qr_short/close')).toEqual({
        status: 400,
        body: refusal(
          'We are facing some trouble completing your request at the moment. Please try again shortly.',
        ),
      });
    });
  });

  describe('paying', () => {
    const payCode = (
      api: ReturnType<typeof as>,
      qrCodeId: unknown,
      body: Record<string, unknown> = {},
    ) => api.pay(undefined, { ...upi, order_id: undefined, qr_code_id: qrCodeId, ...body });

    it('captures a payment at once, counts it, and closes a single-use code as paid', async () => {
      const api = as(payments, newAccount());
      const code = await qr(api, fixedSingleUse());
      expect(await payCode(api, code['id'], { amount: 29999 })).toEqual({
        status: 400,
        body: refusal("The amount must be the QR code's payment_amount (30000).", 'amount'),
      });
      const { status, body } = await payCode(api, code['id']);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        razorpay_qr_code_id: code['id'],
        payment: {
          amount: 30000,
          status: 'captured',
          method: 'upi',
          fee: 708,
          tax: 108,
          order_id: null,
          customer_id: null,
        },
      });
      expect((await api.get(`/v1/payments/qr_codes/${code['id']}`)).body).toMatchObject({
        status: 'closed',
        close_reason: 'paid',
        payments_amount_received: 30000,
        payments_count_received: 1,
      });
      expect((await payCode(api, code['id'])).body).toEqual(
        refusal('The QR code is closed and accepts no payments.'),
      );
      const paymentId = body['razorpay_payment_id'];
      expect(
        (await api.get(`/v1/payments/qr_codes?payment_id=${paymentId}`)).body['items'],
      ).toEqual([expect.objectContaining({ id: code['id'] })]);
      const refund = await api.post(`/v1/payments/${paymentId}/refund`, { amount: 10000 });
      expect(refund.body).toMatchObject({ payment_id: paymentId, amount: 10000 });
    });

    it('takes any amount on a multiple-use code, counting captured payments only', async () => {
      const api = as(payments, newAccount());
      const code = await qr(api, { type: 'bharat_qr', name: 'Kiosk' });
      expect(await payCode(api, code['id'])).toEqual({
        status: 400,
        body: refusal('The amount field is required: this QR code has no fixed amount.', 'amount'),
      });
      await payCode(api, code['id'], { amount: 1000 });
      await payCode(api, code['id'], { method: 'card', card: VISA, vpa: undefined, amount: 2500 });
      await payCode(api, code['id'], { vpa: 'failure@razorpay', amount: 9900 }); // fails: not counted
      expect((await api.get(`/v1/payments/qr_codes/${code['id']}`)).body).toMatchObject({
        status: 'active',
        payments_amount_received: 3500,
        payments_count_received: 2,
      });
      const listed = await api.get(`/v1/payments/qr_codes/${code['id']}/payments`);
      expect(
        (listed.body['items'] as { amount: number; status: string }[]).map((p) => [
          p.amount,
          p.status,
        ]),
      ).toEqual([
        [9900, 'failed'],
        [2500, 'captured'],
        [1000, 'captured'],
      ]);
    });

    it('takes the email and contact of the code’s customer where the payer gives none, recorded with the payment', async () => {
      const owner = newAccount();
      const customerId = 'cust_QrPayer0000001';
      await customerCreated(owner, customerId, {
        name: 'Asha Rao',
        email: 'asha.rao@example.com',
        contact: '+919000090000',
      });
      const code = await codeOfCustomer(owner, customerId);
      const api = as(payments, owner);
      const silent = await payCode(api, code['id'], { amount: 1000 });
      const withEmail = await payCode(api, code['id'], {
        amount: 2000,
        email: 'payer@example.com',
      });
      expect([silent.body['payment'], withEmail.body['payment']]).toEqual([
        expect.objectContaining({
          customer_id: customerId,
          email: 'asha.rao@example.com',
          contact: '+919000090000',
        }),
        expect.objectContaining({ email: 'payer@example.com', contact: '+919000090000' }),
      ]);
      const listed = await api.get(`/v1/payments/qr_codes/${code['id']}/payments`);
      expect(listed.body['items']).toEqual([
        expect.objectContaining({ amount: 2000, email: 'payer@example.com' }),
        expect.objectContaining({ amount: 1000, email: 'asha.rao@example.com' }),
      ]);
      // In the payment's own event: a later change of the customer changes no payment.
      const [authorized] = await payments.app
        .get(DataSource)
        .query('SELECT data FROM events WHERE stream_id = $1 ORDER BY version LIMIT 1', [
          silent.body['razorpay_payment_id'],
        ]);
      expect(authorized.data.details).toMatchObject({
        email: 'asha.rao@example.com',
        contact: '+919000090000',
      });
    });

    it('takes only UPI on a UPI QR code', async () => {
      const api = as(payments, newAccount());
      const code = await qr(api);
      expect(
        await payCode(api, code['id'], {
          method: 'card',
          card: VISA,
          vpa: undefined,
          amount: 1000,
        }),
      ).toEqual({
        status: 400,
        body: refusal('This QR code accepts only upi payments.', 'method'),
      });
    });

    it('edits the notes of a payment made on the code, and of no other payment', async () => {
      const api = as(payments, newAccount());
      const [code, other] = [await qr(api), await qr(api)];
      const paid = await payCode(api, code['id'], { amount: 1000 });
      const paymentId = paid.body['razorpay_payment_id'];
      const edited = await api.patch(`/v1/payments/qr_codes/${code['id']}/payments`, {
        payment_id: paymentId,
        notes: { table: '7' },
      });
      expect(edited).toMatchObject({ status: 200, body: { id: paymentId, notes: { table: '7' } } });
      expect(
        await api.patch(`/v1/payments/qr_codes/${other['id']}/payments`, {
          payment_id: paymentId,
          notes: {},
        }),
      ).toEqual({ status: 400, body: refusal('The id provided does not exist', 'payment_id') });
      expect(
        await api.patch(`/v1/payments/qr_codes/${code['id']}/payments`, { notes: {} }),
      ).toEqual({ status: 400, body: refusal('The payment_id field is required.', 'payment_id') });
    });

    it('counts every payment past the code’s snapshot, 20 of them at once, publishes each count once, and reads as of before them as it was', async () => {
      const api = as(payments, newAccount());
      const code = await qr(api);
      for (let i = 0; i < 90; i++) await payCode(api, code['id'], { amount: 100 });
      const before = nowSeconds();
      await new Promise((resolve) => setTimeout(resolve, (before + 1) * 1000 - Date.now() + 50));
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => payCode(api, code['id'], { amount: 200 })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const snapshots = await payments.app
        .get(DataSource)
        .query('SELECT version FROM stream_snapshots WHERE stream_id = $1', [code['id']]);
      expect(snapshots).toEqual([{ version: expect.any(Number) }]);
      const counted = { payments_amount_received: 13_000, payments_count_received: 110 };
      expect((await api.get(`/v1/payments/qr_codes/${code['id']}`)).body).toMatchObject(counted);
      expect(
        (await api.get(`/v1/payments/qr_codes/${code['id']}?as_of=${nowSeconds()}`)).body,
      ).toMatchObject(counted);
      expect(
        (await api.get(`/v1/payments/qr_codes/${code['id']}?as_of=${before}`)).body,
      ).toMatchObject({ payments_amount_received: 9_000, payments_count_received: 90 });
      const credited = () =>
        published.filter((event) => event.key === code['id'] && event.type === 'qr_code.credited');
      await waitFor(() => credited().length === 110, 'a qr_code.credited per payment');
      expect(
        credited()
          .map((event) => event.data['qr_code']['payments_count_received'])
          .sort((a, b) => Number(a) - Number(b)),
      ).toEqual(Array.from({ length: 110 }, (_, i) => i + 1));
    }, 180_000); // over a hundred requests in a row: minutes on a loaded machine

    it('publishes qr_code.created, qr_code.credited (with the payment) and qr_code.closed', async () => {
      const api = as(payments, newAccount());
      const code = await qr(api, fixedSingleUse());
      const paymentId = (await payCode(api, code['id'])).body['razorpay_payment_id'];
      await waitFor(
        () => published.filter((event) => event.key === code['id']).length === 3,
        'the three QR code events',
      );
      const events = published.filter((event) => event.key === code['id']);
      expect(events.map((event) => event.type)).toEqual([
        'qr_code.created',
        'qr_code.credited',
        'qr_code.closed',
      ]);
      expect(events[1].data['payment']).toMatchObject({ id: paymentId, status: 'captured' });
      expect(events[2].data['qr_code']).toMatchObject({
        status: 'closed',
        close_reason: 'paid',
        payments_count_received: 1,
      });
    });
  });

  describe('on the account’s clock', () => {
    it('closes a single-use code at its close_by, and one without close_by after 45 days; never a multiple-use code', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const withCloseBy = await qr(api, fixedSingleUse({ close_by: nowSeconds() + 3600 }));
      const without = await qr(api, fixedSingleUse());
      const multiple = await qr(api);
      await advanceTestClock(broker, caller.accountId, 3600 + 60);
      await waitFor(
        async () =>
          (await api.get(`/v1/payments/qr_codes/${withCloseBy['id']}`)).body['status'] === 'closed',
        'the close_by close',
      );
      expect((await api.get(`/v1/payments/qr_codes/${withCloseBy['id']}`)).body).toMatchObject({
        close_reason: 'on_demand',
      });
      expect((await api.get(`/v1/payments/qr_codes/${without['id']}`)).body['status']).toBe(
        'active',
      );
      await advanceTestClock(broker, caller.accountId, 45 * DAY + 120);
      await waitFor(
        async () =>
          (await api.get(`/v1/payments/qr_codes/${without['id']}`)).body['status'] === 'closed',
        'the 45-day close',
      );
      await advanceTestClock(broker, caller.accountId, 400 * DAY);
      await new Promise((resolve) => setTimeout(resolve, 1000)); // several scheduler rounds
      expect((await api.get(`/v1/payments/qr_codes/${multiple['id']}`)).body['status']).toBe(
        'active',
      );
    });
  });

  describe('isolation', () => {
    it('hides codes from another account and from the other mode, exactly like unknown ids', async () => {
      const owner = newAccount();
      const code = await qr(as(payments, owner));
      const missing = { status: 400, body: refusal('The id provided does not exist') };
      for (const stranger of [
        as(payments, newAccount()),
        as(payments, { ...owner, mode: 'live' }),
      ]) {
        expect(await stranger.get(`/v1/payments/qr_codes/${code['id']}`)).toEqual(missing);
        expect(await stranger.get(`/v1/payments/qr_codes/${code['id']}/payments`)).toEqual(missing);
        expect(
          await stranger.patch(`/v1/payments/qr_codes/${code['id']}/payments`, {
            payment_id: 'pay_00000000000000',
            notes: {},
          }),
        ).toEqual(missing);
        expect(await stranger.post(`/v1/payments/qr_codes/${code['id']}/close`)).toEqual(missing);
        expect((await stranger.get('/v1/payments/qr_codes')).body['count']).toBe(0);
      }
    });
  });
});

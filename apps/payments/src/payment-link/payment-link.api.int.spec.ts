import 'reflect-metadata';
import type { RunningBroker } from '@platform/embedded-kafka';
import {
  queryServiceDatabase,
  startTestBroker,
  TEST_INTERNAL_TOKEN,
} from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { SMTPServer } from 'smtp-server';
import { as, newAccount, refusal, startPayments, VISA } from '../../test/payments.kit';

type Json = Record<string, unknown>;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const KEY_ID = 'rzp_test_TestKey0000001';
const CUSTOMER = {
  name: 'Gaurav Kumar',
  email: 'gaurav.kumar@example.com',
  contact: '+919000090000',
};
const UNKNOWN = { status: 400, body: refusal('The id provided does not exist') };

describe('Payment links API (payments)', () => {
  let broker: RunningBroker;
  let payments: ServiceUnderTest;
  let smtp: SMTPServer;
  const mails: { to: string; body: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            // quoted-printable: soft line breaks joined again
            body: Buffer.concat(chunks)
              .toString('utf8')
              .replace(/=\r?\n/g, ''),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    broker = await startTestBroker();
    payments = await startPayments(broker, undefined, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'payments@example.com',
      PUBLIC_BASE_URL: 'https://pay.example.com',
    });
  });

  afterAll(async () => {
    await payments.close();
    await broker.stop();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  const link = async (caller: TestCaller, body: Json = {}): Promise<Json> => {
    const made = await as(payments, caller).post('/v1/payment_links', { amount: 50000, ...body });
    if (made.status !== 200) throw new Error(`link not created: ${JSON.stringify(made.body)}`);
    return made.body;
  };
  const outboxOf = async (key: string) =>
    (
      await queryServiceDatabase<{ type: string }>(
        payments,
        `SELECT payload->>'type' AS type FROM outbox WHERE message_key = $1 ORDER BY position`,
        [key],
      )
    ).map((row) => row.type);
  const eventsOf = async (caller: TestCaller, id: unknown) =>
    (
      (await as(payments, caller).get(`/v1/events?entity_id=${String(id)}`)).body['items'] as Json[]
    ).map((event) => event['type']);
  const pay = (caller: TestCaller, linkId: unknown, body: Json = {}) =>
    as(payments, caller).post('/v1/simulator/payments', {
      payment_link_id: linkId,
      method: 'card',
      card: VISA,
      ...body,
    });

  describe('creating', () => {
    it('creates a link with Razorpay’s fields, its page, and an order of its own', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const expireBy = nowSeconds() + 3600;
      const made = await link(caller, {
        amount: 1000,
        currency: 'INR',
        accept_partial: true,
        first_min_partial_amount: 100,
        expire_by: expireBy,
        reference_id: 'TS1989',
        description: 'Payment for policy no #23456',
        customer: CUSTOMER,
        reminder_enable: true,
        notes: { policy_name: 'Life Insurance Policy' },
        callback_url: 'https://example-callback-url.com/',
        callback_method: 'get',
      });
      const id = made['id'] as string;
      expect(made).toEqual({
        id: expect.stringMatching(/^plink_[0-9A-Za-z]{14}$/),
        amount: 1000,
        amount_paid: 0,
        currency: 'INR',
        status: 'created',
        accept_partial: true,
        first_min_partial_amount: 100,
        description: 'Payment for policy no #23456',
        reference_id: 'TS1989',
        customer: CUSTOMER,
        notify: { sms: false, email: false, whatsapp: false },
        reminder_enable: true,
        reminders: { status: 'failed' },
        notes: { policy_name: 'Life Insurance Policy' },
        callback_url: 'https://example-callback-url.com/',
        callback_method: 'get',
        upi_link: false,
        whatsapp_link: false,
        short_url: `https://pay.example.com/l/${id}`,
        order_id: expect.stringMatching(/^order_[0-9A-Za-z]{14}$/),
        payments: null,
        expire_by: expireBy,
        expired_at: 0,
        cancelled_at: 0,
        created_at: expect.any(Number),
        updated_at: made['created_at'],
        user_id: '',
        source: '',
        source_id: '',
      });
      expect((await api.get(`/v1/payment_links/${id}`)).body).toEqual(made);
      expect((await api.get(`/v1/orders/${String(made['order_id'])}`)).body).toMatchObject({
        amount: 1000,
        amount_due: 1000,
        receipt: 'TS1989',
        notes: { policy_name: 'Life Insurance Policy' },
        partial_payment: true,
        first_payment_min_amount: 100,
        product_type: 'payment_link_v2',
        product_id: id,
        status: 'created',
      });
    });

    it('defaults to INR, no expire_by shown, no notes (null) and no reminders ([])', async () => {
      const made = await link(newAccount());
      expect(made).toMatchObject({
        currency: 'INR',
        expire_by: 0,
        notes: null,
        reminders: [],
        reference_id: '',
        customer: {},
        first_min_partial_amount: 0,
        accept_partial: false,
      });
    });

    it('records the key that made it, for its callback’s signature, in its creation event', async () => {
      const caller = newAccount();
      const made = await link(caller);
      const [created] = (
        await as(payments, caller).get(`/v1/events?entity_id=${String(made['id'])}`)
      ).body['items'] as Json[];
      expect(created).toMatchObject({ type: 'PaymentLinkCreated', data: { keyId: KEY_ID } });
    });

    it.each([
      [{ amount: 99 }, 'amount', 'The amount must be at least 100.'],
      [{ amount: 500.5 }, 'amount', /must be an integer/],
      [{ amount: 50000, colour: 'red' }, 'colour', 'wrong input fields sent.'],
      [
        { amount: 50000, customer: { name: 'A', phone: '1' } },
        'customer.phone',
        'wrong input fields sent.',
      ],
      [{ amount: 50000, options: { checkout: {} } }, 'options', 'wrong input fields sent.'],
      [
        { amount: 50000, expire_by: nowSeconds() + 14 * 60 },
        'expire_by',
        'timestamp must be atleast 15 minutes in future',
      ],
      [
        { amount: 50000, expire_by: nowSeconds() + 190 * 24 * 3600 },
        'expire_by',
        'The expire_by may not be more than six months after the link was created.',
      ],
      [
        { amount: 50000, notes: { policy: 'x'.repeat(256) } },
        'notes',
        'value: the length must not be greater than 255.',
      ],
      [
        {
          amount: 50000,
          notes: Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v'])),
        },
        'notes',
        'notes can have at most 15 key-value pairs.',
      ],
      [
        { amount: 50000, callback_url: 'https://example.com/done' },
        'callback_method',
        'The callback method field is required when callback url is present.',
      ],
      [
        { amount: 50000, callback_url: 'https://example.com/done', callback_method: 'post' },
        'callback_method',
        'The callback_method must be get.',
      ],
      [
        { amount: 50000, callback_url: 'javascript:alert(1)', callback_method: 'get' },
        'callback_url',
        'The callback_url must be a valid http or https URL.',
      ],
      [
        { amount: 50000, first_min_partial_amount: 1000 },
        'first_min_partial_amount',
        'The first_min_partial_amount is allowed only with accept_partial true.',
      ],
      [
        { amount: 50000, accept_partial: true, first_min_partial_amount: 60000 },
        'first_min_partial_amount',
        'The first_min_partial_amount must be from 100 to the amount.',
      ],
      [
        { amount: 50000, reference_id: 'r'.repeat(41) },
        'reference_id',
        'The reference_id may not be greater than 40 characters.',
      ],
      [
        { amount: 50000, description: 'd'.repeat(2049) },
        'description',
        'The description may not be greater than 2048 characters.',
      ],
      [
        { amount: 50000, upi_link: true },
        'upi_link',
        'UPI Payment Links is not supported in Test Mode. Please experience the product in Live Mode.',
      ],
      [
        { amount: 50000, notify: { whatsapp: true } },
        'notify.whatsapp',
        'WhatsApp notifications are not offered: send notify.whatsapp false or leave it out.',
      ],
      [
        { amount: 50000, customer: { email: 'nope' } },
        'customer.email',
        'The customer.email must be a valid email address.',
      ],
    ])('refuses %j (field %s)', async (body, field, description) => {
      expect(await as(payments, newAccount()).post('/v1/payment_links', body)).toEqual({
        status: 400,
        body: refusal(description, field),
      });
    });

    it('makes UPI links in live mode only, in INR and without partial payments', async () => {
      const live = as(payments, newAccount('live'));
      expect(
        await live.post('/v1/payment_links', { amount: 1000, upi_link: true, currency: 'USD' }),
      ).toEqual({
        status: 400,
        body: refusal('upi is currently supported only in indian currency', 'currency'),
      });
      expect(
        await live.post('/v1/payment_links', {
          amount: 1000,
          upi_link: true,
          accept_partial: true,
        }),
      ).toEqual({
        status: 400,
        body: refusal('partial payment not supported in upi link', 'accept_partial'),
      });
      const made = await live.post('/v1/payment_links', { amount: 1000, upi_link: '1' });
      expect(made).toMatchObject({ status: 200, body: { upi_link: true, status: 'created' } });
    });

    it('judges expire_by on the account’s test clock, on create and on edit', async () => {
      const caller = newAccount();
      const advanced = as(payments, caller, 3600); // the account's clock an hour ahead
      const ahead = { amount: 50000, expire_by: nowSeconds() + 20 * 60 };
      // 20 minutes ahead of the real time, 40 minutes behind the account's.
      expect(await advanced.post('/v1/payment_links', ahead)).toEqual({
        status: 400,
        body: refusal('timestamp must be atleast 15 minutes in future', 'expire_by'),
      });
      expect((await as(payments, caller).post('/v1/payment_links', ahead)).status).toBe(200);
      const made = await advanced.post('/v1/payment_links', {
        amount: 50000,
        expire_by: nowSeconds() + 3600 + 20 * 60,
      });
      expect(made).toMatchObject({ status: 200, body: { status: 'created' } });
      const url = `/v1/payment_links/${String(made.body['id'])}`;
      expect(await advanced.patch(url, { expire_by: nowSeconds() + 30 * 60 })).toEqual({
        status: 400,
        body: refusal('timestamp must be atleast 15 minutes in future', 'expire_by'),
      });
    });

    it('keeps a reference_id to one link per account and mode, even among 20 concurrent creates', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          api.post('/v1/payment_links', { amount: 50000, reference_id: 'ORDER-77' }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 400)).toEqual(
        Array.from({ length: 19 }, () => ({
          status: 400,
          body: refusal(
            'payment link creation with reference ID already attempted',
            'reference_id',
          ),
        })),
      );
      const listed = await api.get('/v1/payment_links?reference_id=ORDER-77');
      expect(listed.body['payment_links']).toHaveLength(1);
      // The reference is the account's and mode's: another account, or live mode, may use it.
      expect(
        (
          await as(payments, newAccount()).post('/v1/payment_links', {
            amount: 100,
            reference_id: 'ORDER-77',
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await as(payments, { ...caller, mode: 'live' }).post('/v1/payment_links', {
            amount: 100,
            reference_id: 'ORDER-77',
          })
        ).status,
      ).toBe(200);
    });

    it('lets an order keep a receipt that a link of the account uses as its reference', async () => {
      const api = as(payments, newAccount());
      expect((await api.post('/v1/orders', { amount: 50000, receipt: 'SHARED-1' })).status).toBe(
        200,
      );
      expect(
        (await api.post('/v1/payment_links', { amount: 50000, reference_id: 'SHARED-1' })).status,
      ).toBe(200);
    });
  });

  describe('listing and fetching', () => {
    it('lists links newest first under payment_links, paged, and by reference_id or payment_id', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const first = await link(caller, { reference_id: 'A-1' });
      const second = await link(caller, { reference_id: 'A-2' });
      const all = await api.get('/v1/payment_links');
      expect(all.status).toBe(200);
      expect(Object.keys(all.body)).toEqual(['payment_links']);
      expect((all.body['payment_links'] as Json[]).map((l) => l['id'])).toEqual([
        second['id'],
        first['id'],
      ]);
      const page = await api.get('/v1/payment_links?count=1&skip=1');
      expect((page.body['payment_links'] as Json[]).map((l) => l['id'])).toEqual([first['id']]);
      const byReference = await api.get('/v1/payment_links?reference_id=A-2');
      expect((byReference.body['payment_links'] as Json[]).map((l) => l['id'])).toEqual([
        second['id'],
      ]);
      const paid = await pay(caller, first['id']);
      const byPayment = await api.get(
        `/v1/payment_links?payment_id=${String(paid.body['razorpay_payment_id'])}`,
      );
      expect((byPayment.body['payment_links'] as Json[]).map((l) => l['id'])).toEqual([
        first['id'],
      ]);
      const byOrderPayment = await api.get(
        `/v1/payment_links?payment_id=${await api.authorized()}`,
      );
      expect(byOrderPayment.body).toEqual({ payment_links: [] });
      const future = nowSeconds() + 3600;
      expect((await api.get(`/v1/payment_links?from=${future}`)).body).toEqual({
        payment_links: [],
      });
      const created = first['created_at'] as number;
      expect((await api.get(`/v1/payment_links?to=${created - 1}`)).body).toEqual({
        payment_links: [],
      });
      const upTo = await api.get(`/v1/payment_links?from=${created}&to=${future}`);
      expect((upTo.body['payment_links'] as Json[]).map((l) => l['id'])).toEqual([
        second['id'],
        first['id'],
      ]);
      expect(await api.get(`/v1/payment_links?from=${future}&to=${created}`)).toMatchObject({
        status: 400,
        body: refusal('The to must be greater than or equal to from.', 'to'),
      });
      expect(await api.get('/v1/payment_links?count=101')).toMatchObject({
        status: 400,
        body: refusal('The count may not be greater than 100.', 'count'),
      });
    });

    it('answers another account’s or mode’s link, and an unknown one, as not existing; a malformed id with Razorpay’s message', async () => {
      const owner = newAccount();
      const made = await link(owner);
      for (const other of [newAccount(), { ...owner, mode: 'live' as const }]) {
        const api = as(payments, other);
        expect(await api.get(`/v1/payment_links/${String(made['id'])}`)).toEqual(UNKNOWN);
        expect(await api.patch(`/v1/payment_links/${String(made['id'])}`, { notes: {} })).toEqual(
          UNKNOWN,
        );
        expect(await api.post(`/v1/payment_links/${String(made['id'])}/cancel`)).toEqual(UNKNOWN);
        expect(await api.post(`/v1/payment_links/${String(made['id'])}/notify_by/sms`)).toEqual(
          UNKNOWN,
        );
        expect((await api.get('/v1/payment_links')).body).toEqual({ payment_links: [] });
      }
      const api = as(payments, owner);
      expect(await api.get('/v1/payment_links/plink_ZzZzZzZzZzZzZz')).toEqual(UNKNOWN);
      expect(await api.get('/v1/payment_links/plink_bad')).toEqual({
        status: 400,
        body: refusal('invalid input [strippedId] = [bad]', 'id'),
      });
      expect(await api.post('/v1/payment_links/nope/cancel')).toEqual({
        status: 400,
        body: refusal('invalid input [strippedId] = [nope]', 'id'),
      });
    });
  });

  describe('updating', () => {
    it('changes reference_id, expire_by, notes, reminder_enable and accept_partial, and the order takes partial payments', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const made = await link(caller, { reference_id: 'OLD' });
      const expireBy = nowSeconds() + 7200;
      const edited = await api.patch(`/v1/payment_links/${String(made['id'])}`, {
        reference_id: 'NEW',
        expire_by: expireBy,
        notes: { policy: 'Life' },
        reminder_enable: true,
        accept_partial: true,
      });
      expect(edited).toMatchObject({
        status: 200,
        body: {
          reference_id: 'NEW',
          expire_by: expireBy,
          notes: { policy: 'Life' },
          reminder_enable: true,
          reminders: { status: 'failed' },
          accept_partial: true,
          amount: 50000,
        },
      });
      expect((await api.get(`/v1/orders/${String(made['order_id'])}`)).body).toMatchObject({
        partial_payment: true,
        receipt: 'OLD',
      });
      expect(await pay(caller, made['id'], { amount: 10000 })).toMatchObject({ status: 200 });
      expect((await api.get(`/v1/payment_links/${String(made['id'])}`)).body).toMatchObject({
        status: 'partially_paid',
        amount_paid: 10000,
      });
      // Partially paid: still editable; without partial payments the rest must come at once.
      expect(
        (await api.patch(`/v1/payment_links/${String(made['id'])}`, { accept_partial: false }))
          .status,
      ).toBe(200);
      expect(await pay(caller, made['id'], { amount: 10000 })).toEqual({
        status: 400,
        body: refusal('The payment amount must be the order amount due (40000).', 'amount'),
      });
    });

    it('refuses fields it may not change, a taken reference_id, and bad values', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      await link(caller, { reference_id: 'TAKEN' });
      const made = await link(caller);
      const url = `/v1/payment_links/${String(made['id'])}`;
      expect(await api.patch(url, { amount: 100 })).toEqual({
        status: 400,
        body: refusal('wrong input fields sent.', 'amount'),
      });
      expect(await api.patch(url, { reference_id: 'TAKEN' })).toEqual({
        status: 400,
        body: refusal('payment link creation with reference ID already attempted', 'reference_id'),
      });
      expect(await api.patch(url, { expire_by: nowSeconds() + 60 })).toEqual({
        status: 400,
        body: refusal('timestamp must be atleast 15 minutes in future', 'expire_by'),
      });
      expect(await api.patch(url, { notes: { long: 'x'.repeat(256) } })).toEqual({
        status: 400,
        body: refusal('value: the length must not be greater than 255.', 'notes'),
      });
    });

    it('refuses to change a paid, cancelled or expired link', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const paid = await link(caller);
      await pay(caller, paid['id']);
      const cancelled = await link(caller);
      await api.post(`/v1/payment_links/${String(cancelled['id'])}/cancel`);
      for (const id of [paid['id'], cancelled['id']])
        expect(await api.patch(`/v1/payment_links/${String(id)}`, { notes: { a: 'b' } })).toEqual({
          status: 400,
          body: refusal('update can only be made in created or partially paid state'),
        });
    });
  });

  describe('paying', () => {
    it('counts a captured payment on the link, through its order, and publishes payment_link.paid with the link, the order and the payment', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const made = await link(caller, { reference_id: 'PAID-1', notes: { policy: 'x' } });
      const id = made['id'] as string;
      const paid = await pay(caller, id);
      expect(paid).toMatchObject({
        status: 200,
        body: {
          razorpay_order_id: made['order_id'],
          razorpay_payment_link_id: id,
          payment: {
            status: 'captured',
            order_id: made['order_id'],
            amount: 50000,
            description: `#${id.slice(6)}`,
          },
        },
      });
      const paymentId = paid.body['razorpay_payment_id'] as string;
      const fetched = (await api.get(`/v1/payment_links/${id}`)).body;
      expect(fetched).toMatchObject({
        status: 'paid',
        amount_paid: 50000,
        payments: [
          {
            payment_id: paymentId,
            plink_id: id,
            amount: 50000,
            method: 'card',
            status: 'captured',
            created_at: expect.any(Number),
            updated_at: expect.any(Number),
          },
        ],
      });
      expect((await api.get(`/v1/orders/${String(made['order_id'])}`)).body).toMatchObject({
        status: 'paid',
        amount_paid: 50000,
      });
      expect(await outboxOf(id)).toEqual(['payment_link.paid']);
      const [event] = await queryServiceDatabase<{ payload: { data: Json } }>(
        payments,
        `SELECT payload FROM outbox WHERE message_key = $1`,
        [id],
      );
      expect(event.payload.data).toMatchObject({
        payment_link: { id, status: 'paid', amount_paid: 50000 },
        order: {
          id: made['order_id'],
          status: 'paid',
          receipt: 'PAID-1',
          product_type: 'payment_link_v2',
        },
        payment: { id: paymentId, status: 'captured' },
      });
      expect(await pay(caller, id)).toEqual({
        status: 400,
        body: refusal('The order has already been paid.'),
      });
      // A link's payment is refunded like any captured payment.
      expect((await api.post(`/v1/payments/${paymentId}/refund`, { amount: 1000 })).status).toBe(
        200,
      );
    });

    it('is partially paid by each partial payment (payment_link.partially_paid), with its first payment’s minimum, then paid', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const made = await link(caller, { accept_partial: true, first_min_partial_amount: 20000 });
      const id = made['id'] as string;
      expect(await pay(caller, id, { amount: 10000 })).toEqual({
        status: 400,
        body: refusal('The payment amount must be at least 20000.', 'amount'),
      });
      expect((await pay(caller, id, { amount: 20000 })).status).toBe(200);
      expect((await api.get(`/v1/payment_links/${id}`)).body).toMatchObject({
        status: 'partially_paid',
        amount_paid: 20000,
      });
      expect((await pay(caller, id, { amount: 100 })).status).toBe(200);
      expect((await pay(caller, id)).status).toBe(200); // the rest, by default
      expect((await api.get(`/v1/payment_links/${id}`)).body).toMatchObject({
        status: 'paid',
        amount_paid: 50000,
      });
      expect(await outboxOf(id)).toEqual([
        'payment_link.partially_paid',
        'payment_link.partially_paid',
        'payment_link.paid',
      ]);
    });

    it('counts no declined payment', async () => {
      const caller = newAccount();
      const made = await link(caller);
      const declined = await pay(caller, made['id'], {
        card: { ...VISA, number: '4000000000000002' },
      });
      expect(declined.status).toBe(400);
      expect(
        (await as(payments, caller).get(`/v1/payment_links/${String(made['id'])}`)).body,
      ).toMatchObject({
        status: 'created',
        amount_paid: 0,
        payments: null,
      });
    });

    it('answers an unknown link in the simulator as not existing', async () => {
      expect(await pay(newAccount(), 'plink_ZzZzZzZzZzZzZz')).toEqual({
        status: 400,
        body: refusal('The id provided does not exist', 'payment_link_id'),
      });
    });
  });

  describe('cancelling', () => {
    it('cancels a created link; its order refuses payments; payment_link.cancelled is published', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const made = await link(caller);
      const id = made['id'] as string;
      const cancelled = await api.post(`/v1/payment_links/${id}/cancel`);
      expect(cancelled).toMatchObject({
        status: 200,
        body: { status: 'cancelled', cancelled_at: expect.any(Number) },
      });
      expect(cancelled.body['updated_at']).toBe(cancelled.body['cancelled_at']);
      expect(await pay(caller, id)).toEqual({
        status: 400,
        body: refusal('The payment link is cancelled: it takes no more payments.'),
      });
      expect(await outboxOf(id)).toEqual(['payment_link.cancelled']);
      expect(await api.post(`/v1/payment_links/${id}/cancel`)).toEqual({
        status: 400,
        body: refusal('cannot cancel or expire an already cancelled link'),
      });
    });

    it('refuses to cancel a paid or partially paid link', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const partly = await link(caller, { accept_partial: true });
      await pay(caller, partly['id'], { amount: 1000 });
      const paid = await link(caller);
      await pay(caller, paid['id']);
      for (const id of [partly['id'], paid['id']])
        expect(await api.post(`/v1/payment_links/${String(id)}/cancel`)).toEqual({
          status: 400,
          body: refusal('cannot cancel or expire an already paid/partially paid link'),
        });
    });
  });

  describe('sending', () => {
    it('sends the link by email over SMTP and by sms to the log when notify asks, recording each', async () => {
      const caller = newAccount();
      const email = `notify.${Date.now()}@example.com`;
      const made = await link(caller, {
        description: 'Policy 7',
        customer: { ...CUSTOMER, email },
        notify: { sms: true, email: true },
      });
      const id = made['id'] as string;
      const mail = await waitFor(async () => mails.find((m) => m.to === email), 'the link e-mail');
      expect(mail.body).toContain(`https://pay.example.com/l/${id}`);
      expect(mail.body).toContain('Policy 7');
      const recorded = await waitFor(async () => {
        const types = await eventsOf(caller, id);
        return types.filter((type) => type === 'PaymentLinkNotified').length === 2 ? types : null;
      }, 'both notifications recorded');
      expect(recorded[0]).toBe('PaymentLinkCreated');
      expect(made['notify']).toEqual({ sms: true, email: true, whatsapp: false });
    });

    it('sends again on notify_by, refuses another medium, a customer without the address, and a closed link', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const email = `again.${Date.now()}@example.com`;
      const made = await link(caller, { customer: { email } });
      const id = made['id'] as string;
      expect(await api.post(`/v1/payment_links/${id}/notify_by/email`)).toEqual({
        status: 200,
        body: { success: true },
      });
      await waitFor(async () => mails.find((m) => m.to === email), 'the e-mail');
      expect(await api.post(`/v1/payment_links/${id}/notify_by/whatsapp`)).toEqual({
        status: 400,
        body: refusal('not a valid notification medium', 'medium'),
      });
      expect(await api.post(`/v1/payment_links/${id}/notify_by/sms`)).toEqual({
        status: 400,
        body: refusal("The payment link's customer has no contact to send it to.", 'medium'),
      });
      await pay(caller, id);
      expect(await api.post(`/v1/payment_links/${id}/notify_by/email`)).toEqual({
        status: 400,
        body: refusal('The payment link is paid: there is nothing to send its customer.'),
      });
      // The link's state is checked before the customer's address.
      expect(await api.post(`/v1/payment_links/${id}/notify_by/sms`)).toEqual({
        status: 400,
        body: refusal('The payment link is paid: there is nothing to send its customer.'),
      });
      expect(
        (await eventsOf(caller, id)).filter((type) => type === 'PaymentLinkNotified'),
      ).toHaveLength(1);
    });
  });

  describe('history', () => {
    it('lists a link’s events and answers it as it was with as_of', async () => {
      const caller = newAccount();
      const made = await link(caller, { accept_partial: true });
      const id = made['id'] as string;
      const created = made['created_at'] as number;
      await as(payments, caller, 3600).post('/v1/simulator/payments', {
        payment_link_id: id,
        method: 'card',
        card: VISA,
        amount: 10000,
      });
      expect(await eventsOf(caller, id)).toEqual([
        'PaymentLinkCreated',
        'PaymentLinkPaymentCaptured',
      ]);
      const api = as(payments, caller, 3600);
      expect((await api.get(`/v1/payment_links/${id}?as_of=${created}`)).body).toMatchObject({
        status: 'created',
        amount_paid: 0,
        payments: null,
      });
      expect((await api.get(`/v1/payment_links/${id}`)).body).toMatchObject({
        status: 'partially_paid',
        amount_paid: 10000,
      });
      expect(await api.get(`/v1/payment_links/${id}?as_of=${created - 1}`)).toEqual(UNKNOWN);
    });
  });

  describe('the checkout of its page', () => {
    const checkoutOf = async (id: string) => {
      const response = await payments.app.inject({
        method: 'GET',
        url: `/internal/payment-links/${id}/checkout`,
        headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      });
      return { status: response.statusCode, body: JSON.parse(response.body) as Json };
    };

    it('finds a link by its id alone: its account, mode, order, creating key and what is due', async () => {
      const caller = newAccount();
      const made = await link(caller, {
        accept_partial: true,
        first_min_partial_amount: 5000,
        reference_id: 'PAGE-1',
        description: 'Page',
        callback_url: 'https://shop.example.com/done',
        callback_method: 'get',
      });
      await pay(caller, made['id'], { amount: 5000 });
      expect(await checkoutOf(made['id'] as string)).toEqual({
        status: 200,
        body: {
          account_id: caller.accountId,
          mode: 'test',
          order_id: made['order_id'],
          key_id: KEY_ID,
          status: 'partially_paid',
          amount: 50000,
          amount_paid: 5000,
          amount_due: 45000,
          accept_partial: true,
          first_min_partial_amount: 5000,
          currency: 'INR',
          description: 'Page',
          reference_id: 'PAGE-1',
          callback_url: 'https://shop.example.com/done',
          callback_method: 'get',
          payment_ids: [expect.stringMatching(/^pay_/)],
        },
      });
      expect(await checkoutOf('plink_ZzZzZzZzZzZzZz')).toEqual(UNKNOWN);
    });

    it('draws its page: what is paid and due with a Pay button, until it is paid', async () => {
      const pageOf = (id: unknown) =>
        payments.app.inject({
          method: 'GET',
          url: `/internal/payment-links/${String(id)}/page.html`,
          headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
        });
      const caller = newAccount();
      const made = await link(caller, { accept_partial: true, description: 'Page <b>' });
      await pay(caller, made['id'], { amount: 20000 });
      const page = await pageOf(made['id']);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.body).toContain('<h1>Page &lt;b&gt;</h1>');
      expect(page.body).toContain('<td>Paid</td><td class="num">₹200.00</td>');
      expect(page.body).toContain('id="pay-button"');
      await pay(caller, made['id']);
      const paid = await pageOf(made['id']);
      expect(paid.body).toContain('This payment link is paid in full.');
      expect(paid.body).not.toContain('id="pay-button"');
      expect((await pageOf('plink_ZzZzZzZzZzZzZz')).statusCode).toBe(400);
    });
  });
});

import 'reflect-metadata';
import type { ServiceUnderTest } from '@platform/service-testing';
import { as, newAccount, refusal, startPayments } from '../../test/payments.kit';

describe('Orders API (payments)', () => {
  let payments: ServiceUnderTest;

  beforeAll(async () => {
    payments = await startPayments();
  });

  afterAll(() => payments.close());

  describe('creating and reading', () => {
    it('creates an order with the defaults of the reference and reads it back', async () => {
      const api = as(payments, newAccount());
      const { status, body } = await api.post('/v1/orders', {
        amount: 50000,
        currency: 'INR',
        receipt: 'receipt#1',
        notes: { shipping: 'express' },
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        id: expect.stringMatching(/^order_[0-9A-Za-z]{14}$/),
        entity: 'order',
        amount: 50000,
        amount_paid: 0,
        amount_due: 50000,
        currency: 'INR',
        receipt: 'receipt#1',
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: { shipping: 'express' },
        partial_payment: false,
        first_payment_min_amount: null,
        product_type: null,
        product_id: null,
        created_at: expect.any(Number),
      });
      expect(Math.abs((body['created_at'] as number) - Date.now() / 1000)).toBeLessThan(5);
      expect((await api.get(`/v1/orders/${body['id']}`)).body).toEqual(body);
    });

    it('takes the amount as an integer string (the SDK types allow it) and INR when no currency is sent', async () => {
      const { body } = await as(payments, newAccount()).post('/v1/orders', { amount: '1500' });
      expect(body).toMatchObject({ amount: 1500, currency: 'INR' });
    });

    it('refuses a second order with the same receipt in the account, but not in another one', async () => {
      const api = as(payments, newAccount());
      await api.order({ receipt: 'inv-42' });
      expect(await api.post('/v1/orders', { amount: 1000, receipt: 'inv-42' })).toEqual({
        status: 400,
        body: refusal('An order with this receipt already exists.', 'receipt'),
      });
      expect(
        (await as(payments, newAccount()).post('/v1/orders', { amount: 1000, receipt: 'inv-42' }))
          .status,
      ).toBe(200);
    });

    it('lists newest first with count, skip, from, to, receipt and authorized', async () => {
      const api = as(payments, newAccount());
      const ids: string[] = [];
      for (let i = 0; i < 4; i++)
        ids.push((await api.order({ receipt: `list-${i}` }))['id'] as string);
      await api.pay(ids[1]);
      const all = await api.get('/v1/orders');
      expect((all.body['items'] as { id: string }[]).map((o) => o.id)).toEqual([...ids].reverse());
      expect(
        ((await api.get('/v1/orders?count=2&skip=1')).body['items'] as { id: string }[]).map(
          (o) => o.id,
        ),
      ).toEqual([ids[2], ids[1]]);
      expect(
        ((await api.get('/v1/orders?receipt=list-2')).body['items'] as { id: string }[]).map(
          (o) => o.id,
        ),
      ).toEqual([ids[2]]);
      expect(
        ((await api.get('/v1/orders?authorized=1')).body['items'] as { id: string }[]).map(
          (o) => o.id,
        ),
      ).toEqual([ids[1]]);
      expect((await api.get('/v1/orders?authorized=0')).body['count']).toBe(3);
      const future = Math.floor(Date.now() / 1000) + 3600;
      expect((await api.get(`/v1/orders?from=${future}`)).body['count']).toBe(0);
      expect((await api.get(`/v1/orders?from=0&to=${future}`)).body['count']).toBe(4);
    });

    it('changes only the notes with PATCH', async () => {
      const api = as(payments, newAccount());
      const order = await api.order({ notes: { a: '1' } });
      const { status, body } = await api.patch(`/v1/orders/${order['id']}`, { notes: { b: '2' } });
      expect(status).toBe(200);
      expect(body).toEqual({ ...order, notes: { b: '2' } });
      expect(
        await api.patch(`/v1/orders/${order['id']}`, { notes: { c: '3' }, amount: 100 }),
      ).toEqual({
        status: 400,
        body: refusal('amount is/are not required and should not be sent', 'amount'),
      });
      expect(await api.patch(`/v1/orders/${order['id']}`, {})).toEqual({
        status: 400,
        body: refusal('The notes field is required.', 'notes'),
      });
    });

    it('lists the payments of an order, the failed ones included', async () => {
      const api = as(payments, newAccount());
      const order = await api.order();
      await api.pay(order['id'], { method: 'upi', vpa: 'failure@razorpay', card: undefined });
      const paid = await api.pay(order['id']);
      const { body } = await api.get(`/v1/orders/${order['id']}/payments`);
      expect(body['count']).toBe(2);
      expect(
        (body['items'] as { id: string; status: string }[]).map((p) => [p.id, p.status]),
      ).toEqual([
        [paid.body['razorpay_payment_id'], 'authorized'],
        [expect.stringMatching(/^pay_/), 'failed'],
      ]);
      expect((await api.get(`/v1/orders/${order['id']}`)).body).toMatchObject({
        status: 'attempted',
        attempts: 2,
        amount_paid: 0,
      });
    });
  });

  describe('bad input', () => {
    const api = () => as(payments, newAccount());

    it.each([
      [{}, 'amount', 'The amount must be an integer in the smallest currency unit (e.g. paise).'],
      [{ amount: 99 }, 'amount', 'The amount must be at least 100.'],
      [
        { amount: 1.5 },
        'amount',
        'The amount must be an integer in the smallest currency unit (e.g. paise).',
      ],
      [
        { amount: '150.5' },
        'amount',
        'The amount must be an integer in the smallest currency unit (e.g. paise).',
      ],
      [{ amount: -100 }, 'amount', 'The amount must be at least 100.'],
      [
        { amount: 'lots' },
        'amount',
        'The amount must be an integer in the smallest currency unit (e.g. paise).',
      ],
      [
        { amount: 1000, currency: 'XYZ' },
        'currency',
        'The currency must be one of INR, USD, EUR, GBP, SGD, AED, AUD, CAD.',
      ],
      [
        { amount: 1000, currency: 'inr' },
        'currency',
        'The currency must be one of INR, USD, EUR, GBP, SGD, AED, AUD, CAD.',
      ],
      [
        { amount: 1000, receipt: 'r'.repeat(41) },
        'receipt',
        'The receipt may not be greater than 40 characters.',
      ],
      [{ amount: 1000, receipt: 7 }, 'receipt', 'The receipt must be a string.'],
      [
        { amount: 1000, colour: 'red' },
        'colour',
        'colour is/are not required and should not be sent',
      ],
      [
        {
          amount: 1000,
          notes: Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v'])),
        },
        'notes',
        'notes can have at most 15 key-value pairs.',
      ],
      [
        { amount: 1000, notes: { k: 'x'.repeat(257) } },
        'notes',
        'notes.k can be at most 256 characters.',
      ],
      [
        { amount: 1000, partial_payment: 'maybe' },
        'partial_payment',
        'The partial_payment must be 0 or 1 (or true or false).',
      ],
      [
        { amount: 1000, first_payment_min_amount: 500 },
        'first_payment_min_amount',
        'The first_payment_min_amount is allowed only with partial_payment.',
      ],
      [
        { amount: 1000, partial_payment: 1, first_payment_min_amount: 5000 },
        'first_payment_min_amount',
        'The first_payment_min_amount may not be greater than the amount.',
      ],
      [
        { amount: 1000, payment_capture: 2 },
        'payment_capture',
        'The payment_capture must be 0 or 1 (or true or false).',
      ],
      [
        { amount: 1000, payment: { capture: 'sometimes' } },
        'payment.capture',
        'The payment.capture must be automatic or manual.',
      ],
    ])('refuses %j naming %s', async (body, field, description) => {
      expect(await api().post('/v1/orders', body)).toEqual({
        status: 400,
        body: refusal(description, field),
      });
    });

    it('refuses malformed JSON, a wrong content type and an empty body with a 400 envelope', async () => {
      const caller = newAccount();
      const raw = (payload: string, contentType: string) =>
        payments.call({
          method: 'POST',
          url: '/v1/orders',
          caller,
          payload,
          headers: { 'content-type': contentType },
        });
      expect(await raw('{"amount": 100', 'application/json')).toEqual({
        status: 400,
        body: refusal('The request body is not valid JSON.'),
      });
      expect(await raw('amount=100', 'text/plain')).toEqual({
        status: 400,
        body: refusal(/must be JSON/),
      });
      expect(await raw('', 'application/json')).toEqual({ status: 400, body: refusal(/./) });
    });

    it.each(['/v1/orders', '/v1/payments', '/v1/refunds'])(
      'validates the paging of %s',
      async (list) => {
        const a = api();
        expect(await a.get(`${list}?count=101`)).toEqual({
          status: 400,
          body: refusal('The count may not be greater than 100.', 'count'),
        });
        expect(await a.get(`${list}?count=0`)).toEqual({
          status: 400,
          body: refusal('The count must be at least 1.', 'count'),
        });
        expect(await a.get(`${list}?skip=-1`)).toEqual({
          status: 400,
          body: refusal('The skip must be at least 0.', 'skip'),
        });
        expect(await a.get(`${list}?from=200&to=100`)).toEqual({
          status: 400,
          body: refusal('The to must be greater than or equal to from.', 'to'),
        });
      },
    );

    it('answers an unknown or malformed order id like a missing one', async () => {
      expect(await api().get('/v1/orders/order_DoesNotExist01')).toEqual({
        status: 400,
        body: refusal('The id provided does not exist'),
      });
      expect(await api().get('/v1/orders/nonsense')).toEqual({
        status: 400,
        body: refusal('The id provided does not exist'),
      });
    });
  });

  describe('isolation', () => {
    it('hides an order from another account and from the other mode, exactly like an unknown id', async () => {
      const owner = newAccount();
      const order = await as(payments, owner).order({ receipt: 'private' });
      for (const stranger of [newAccount(), { ...owner, mode: 'live' as const }]) {
        const api = as(payments, stranger);
        expect(await api.get(`/v1/orders/${order['id']}`)).toEqual({
          status: 400,
          body: refusal('The id provided does not exist'),
        });
        expect(await api.patch(`/v1/orders/${order['id']}`, { notes: { x: 'y' } })).toEqual({
          status: 400,
          body: refusal('The id provided does not exist'),
        });
        expect(await api.get(`/v1/orders/${order['id']}/payments`)).toEqual({
          status: 400,
          body: refusal('The id provided does not exist'),
        });
        expect((await api.get('/v1/orders?receipt=private')).body['count']).toBe(0);
      }
      expect((await as(payments, newAccount()).pay(order['id'])).body).toEqual(
        refusal('The id provided does not exist', 'order_id'),
      );
      expect((await as(payments, { ...owner, mode: 'live' }).pay(order['id'])).body).toEqual(
        refusal(/test mode keys only/),
      );
    });
  });
});

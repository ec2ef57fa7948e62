import { startBilling } from '../../test/billing.kit';
import 'reflect-metadata';
import { TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import type { CallOptions, ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';

const ACCOUNT_A: TestCaller = { accountId: 'acc_AAAAAAAAAAAAAA', mode: 'test' };
const ACCOUNT_B: TestCaller = { accountId: 'acc_BBBBBBBBBBBBBB', mode: 'test' };
const A_LIVE: TestCaller = { ...ACCOUNT_A, mode: 'live' };

let unique = 0;
function someone(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  unique++;
  return {
    name: `Customer ${unique}`,
    email: `customer${unique}@example.com`,
    contact: `+9190000${String(unique).padStart(5, '0')}`,
    ...overrides,
  };
}

describe('Customers API (billing)', () => {
  let billing: ServiceUnderTest;
  const call = (options: CallOptions) => billing.call(options);
  const create = (body: unknown, caller = ACCOUNT_A) =>
    call({ method: 'POST', url: '/v1/customers', body, caller });

  beforeAll(async () => {
    billing = await startBilling();
  });

  afterAll(() => billing.close());

  describe('creating and reading', () => {
    it('creates a customer and returns the customer entity', async () => {
      const { status, body } = await create(
        someone({ gstin: '29ABCDE1234F1Z5', notes: { crm_id: 'C-1', tier: 2 } }),
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({
        entity: 'customer',
        gstin: '29ABCDE1234F1Z5',
        notes: { crm_id: 'C-1', tier: 2 },
      });
      expect(body['id']).toMatch(/^cust_[0-9A-Za-z]{14}$/);
      expect(Math.abs((body['created_at'] as number) - Date.now() / 1000)).toBeLessThan(5);
      expect(
        (await call({ method: 'GET', url: `/v1/customers/${body['id']}`, caller: ACCOUNT_A })).body,
      ).toEqual(body);
    });

    it('takes the GSTIN of Razorpay’s documented customer examples as sent', async () => {
      const { status, body } = await create(someone({ gstin: '29XAbbA4369J1PA' }));
      expect(status).toBe(200);
      expect(body).toMatchObject({ gstin: '29XAbbA4369J1PA' });
    });

    it('accepts a number as contact and stores missing fields as null', async () => {
      const { body } = await create({ contact: 919812345678 });
      expect(body).toMatchObject({
        name: null,
        email: null,
        contact: '919812345678',
        gstin: null,
        notes: {},
      });
    });

    it('replaces only the fields a PUT sends', async () => {
      const { body: created } = await create(someone({ notes: { keep: 'me' } }));
      const { status, body } = await call({
        method: 'PUT',
        url: `/v1/customers/${created['id']}`,
        body: { email: 'changed@example.com' },
        caller: ACCOUNT_A,
      });
      expect(status).toBe(200);
      expect(body).toEqual({ ...created, email: 'changed@example.com' });
      expect(
        (await call({ method: 'GET', url: `/v1/customers/${created['id']}`, caller: ACCOUNT_A }))
          .body,
      ).toEqual(body);
    });

    it('answers a PUT past the customer’s snapshot with the whole customer, and reads as of before it as it was', async () => {
      const { body: created } = await create(someone({ notes: { keep: 'me' } }));
      const url = `/v1/customers/${created['id']}`;
      const put = (name: string) => call({ method: 'PUT', url, body: { name }, caller: ACCOUNT_A });
      for (let i = 1; i <= 120; i++) await put(`Name ${i}`);
      const before = Math.floor(Date.now() / 1000);
      await new Promise((resolve) => setTimeout(resolve, (before + 1) * 1000 - Date.now() + 50));
      const { status, body } = await put('Name 121');
      expect(status).toBe(200);
      expect(body).toEqual({ ...created, name: 'Name 121' });
      expect((await call({ method: 'GET', url, caller: ACCOUNT_A })).body).toEqual(body);
      expect(
        (await call({ method: 'GET', url: `${url}?as_of=${before}`, caller: ACCOUNT_A })).body,
      ).toEqual({ ...created, name: 'Name 120' });
    });

    it('lists newest first, with count, skip, from and to', async () => {
      const tenant: TestCaller = { accountId: 'acc_ListListList01', mode: 'test' };
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await create(someone(), tenant)).body['id'] as string);
      const all = await call({ method: 'GET', url: '/v1/customers', caller: tenant });
      expect(all.body).toMatchObject({ entity: 'collection', count: 4 });
      expect((all.body['items'] as { id: string }[]).map((c) => c.id)).toEqual([...ids].reverse());
      const page = await call({
        method: 'GET',
        url: '/v1/customers?count=2&skip=1',
        caller: tenant,
      });
      expect((page.body['items'] as { id: string }[]).map((c) => c.id)).toEqual([ids[2], ids[1]]);
      const future = Math.floor(Date.now() / 1000) + 3600;
      expect(
        (await call({ method: 'GET', url: `/v1/customers?from=${future}`, caller: tenant })).body[
          'count'
        ],
      ).toBe(0);
      expect(
        (await call({ method: 'GET', url: `/v1/customers?to=${future}&from=0`, caller: tenant }))
          .body['count'],
      ).toBe(4);
    });
  });

  describe('fail_existing', () => {
    it('refuses a second customer with the same email and contact by default', async () => {
      const details = someone();
      await create(details);
      const { status, body } = await create({ ...details, name: 'Another Name' });
      expect(status).toBe(400);
      expect(body).toEqual({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Customer already exists for the merchant',
          source: 'NA',
          step: 'NA',
          reason: 'NA',
          metadata: {},
        },
      });
    });

    it.each([0, '0', false])(
      'returns the existing customer with fail_existing %j',
      async (flag) => {
        const details = someone();
        const first = await create(details);
        const second = await create({ ...details, fail_existing: flag });
        expect(second.status).toBe(200);
        expect(second.body['id']).toBe(first.body['id']);
      },
    );

    it('creates one customer when ten identical requests race', async () => {
      const details = someone({ fail_existing: '0' });
      const results = await Promise.all(Array.from({ length: 10 }, () => create(details)));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(new Set(results.map((r) => r.body['id'])).size).toBe(1);
    });

    it('does not let an edit give a customer the email and contact of another', async () => {
      const taken = someone();
      await create(taken);
      const { body } = await create(someone({ email: taken['email'] }));
      const clash = await call({
        method: 'PUT',
        url: `/v1/customers/${body['id']}`,
        body: { contact: taken['contact'] },
        caller: ACCOUNT_A,
      });
      expect(clash.status).toBe(400);
      expect(clash.body).toMatchObject({
        error: { description: 'Customer already exists for the merchant' },
      });
    });
  });

  describe('isolation', () => {
    it('answers another account or mode exactly like an unknown id', async () => {
      const { body } = await create(someone());
      const unknown = await call({
        method: 'GET',
        url: '/v1/customers/cust_00000000000000',
        caller: ACCOUNT_A,
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({
        error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
      });
      for (const stranger of [ACCOUNT_B, A_LIVE]) {
        expect(
          await call({ method: 'GET', url: `/v1/customers/${body['id']}`, caller: stranger }),
        ).toEqual(unknown);
        expect(
          await call({
            method: 'PUT',
            url: `/v1/customers/${body['id']}`,
            body: { name: 'Hijacked' },
            caller: stranger,
          }),
        ).toEqual(unknown);
        const listed = await call({
          method: 'GET',
          url: '/v1/customers?count=100',
          caller: stranger,
        });
        expect((listed.body['items'] as { id: string }[]).map((c) => c.id)).not.toContain(
          body['id'],
        );
      }
    });

    it('lets the same email and contact exist once per account and mode', async () => {
      const details = someone();
      expect((await create(details, ACCOUNT_A)).status).toBe(200);
      expect((await create(details, ACCOUNT_B)).status).toBe(200);
      expect((await create(details, A_LIVE)).status).toBe(200);
    });
  });

  describe('bad input', () => {
    const sixteenNotes = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v']));
    it.each([
      ['a number as name', { name: 42 }, 'name'],
      ['a malformed email', { email: 'not-an-email' }, 'email'],
      ['a contact with letters', { contact: '98765abc12' }, 'contact'],
      ['a malformed gstin', { name: 'Valid Name', gstin: 'ABC' }, 'gstin'],
      ['a gstin one character short', { name: 'Valid Name', gstin: '29XAbbA4369J1P' }, 'gstin'],
      ['a gstin without its state code', { name: 'Valid Name', gstin: 'XXAbbA4369J1PAB' }, 'gstin'],
      ['an unknown field', { name: 'Valid Name', nickname: 'V' }, 'nickname'],
      ['16 notes', { name: 'Valid Name', notes: sixteenNotes }, 'notes'],
      [
        'a 257-character note value',
        { name: 'Valid Name', notes: { k: 'x'.repeat(257) } },
        'notes',
      ],
      ['notes that are not an object', { name: 'Valid Name', notes: 'text' }, 'notes'],
      [
        'a fail_existing that is not a flag',
        { name: 'Valid Name', fail_existing: 'maybe' },
        'fail_existing',
      ],
      ['a two-letter name', { name: 'Al' }, 'name'],
      ['nothing to identify the customer', {}, 'name'],
    ])('refuses %s with a 400 naming the field', async (_, body, field) => {
      const { status, body: answer } = await create(body);
      expect(status).toBe(400);
      expect(answer).toMatchObject({
        error: {
          code: 'BAD_REQUEST_ERROR',
          field,
          source: 'business',
          reason: 'input_validation_failed',
        },
      });
    });

    it.each([
      ['count=101', 'count'],
      ['count=0', 'count'],
      ['count=abc', 'count'],
      ['skip=-1', 'skip'],
      ['from=200&to=100', 'to'],
    ])('refuses the list query %s naming %s', async (query, field) => {
      const { status, body } = await call({
        method: 'GET',
        url: `/v1/customers?${query}`,
        caller: ACCOUNT_A,
      });
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', field } });
    });

    it.each([
      [
        'malformed JSON',
        { payload: '{"name": "Broken', headers: { 'content-type': 'application/json' } },
        'The request body is not valid JSON.',
      ],
      [
        'an empty JSON body',
        { payload: '', headers: { 'content-type': 'application/json' } },
        'The request body is not valid JSON.',
      ],
      [
        'a wrong content type',
        { payload: 'name=Someone', headers: { 'content-type': 'text/plain' } },
        'The request body must be JSON (Content-Type: application/json).',
      ],
    ])('refuses %s with a 400 envelope', async (_, request, description) => {
      const { status, body } = await call({
        method: 'POST',
        url: '/v1/customers',
        caller: ACCOUNT_A,
        ...request,
      });
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', description } });
    });

    it('refuses a PUT that sets a field to an invalid value', async () => {
      const { body } = await create(someone());
      const answer = await call({
        method: 'PUT',
        url: `/v1/customers/${body['id']}`,
        body: { email: 'broken' },
        caller: ACCOUNT_A,
      });
      expect(answer).toMatchObject({ status: 400, body: { error: { field: 'email' } } });
    });
  });

  describe('routing and trust', () => {
    it('answers unknown paths and wrong methods like an unknown URL, and tolerates a trailing slash', async () => {
      const notFound = {
        status: 400,
        body: {
          error: expect.objectContaining({
            description: 'The requested URL was not found on the server.',
          }),
        },
      };
      expect(
        await call({ method: 'GET', url: '/v1/nothing-here', caller: ACCOUNT_A }),
      ).toMatchObject(notFound);
      expect(
        await call({
          method: 'DELETE',
          url: '/v1/customers/cust_00000000000000',
          caller: ACCOUNT_A,
        }),
      ).toMatchObject(notFound);
      expect((await call({ method: 'GET', url: '/v1/customers/', caller: ACCOUNT_A })).status).toBe(
        200,
      );
    });

    it('refuses requests without the internal token, or with another one', async () => {
      const sameLength =
        TEST_INTERNAL_TOKEN.slice(0, -1) + (TEST_INTERNAL_TOKEN.endsWith('x') ? 'y' : 'x');
      for (const token of [
        undefined,
        sameLength,
        `${TEST_INTERNAL_TOKEN}0`,
        TEST_INTERNAL_TOKEN.slice(1),
        '',
      ]) {
        const headers = {
          'x-account-id': ACCOUNT_A.accountId,
          'x-mode': 'test',
          ...(token === undefined ? {} : { 'x-internal-token': token }),
        };
        const response = await billing.app.inject({ method: 'GET', url: '/v1/customers', headers });
        expect(response.statusCode).toBe(401);
        expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
      }
      const accepted = await billing.app.inject({
        method: 'GET',
        url: '/v1/customers',
        headers: {
          'x-account-id': ACCOUNT_A.accountId,
          'x-mode': 'test',
          'x-internal-token': TEST_INTERNAL_TOKEN,
        },
      });
      expect(accepted.statusCode).toBe(200);
    });

    it('serves health without the token, and metrics on their own port only', async () => {
      expect((await billing.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(
        200,
      );
      const ready = await billing.app.inject({ method: 'GET', url: '/health/ready' });
      expect(JSON.parse(ready.body)).toMatchObject({
        status: 'ok',
        info: { database: { status: 'up' } },
      });
      const kafka = await billing.app.inject({ method: 'GET', url: '/health/kafka' });
      expect(JSON.parse(kafka.body)).toMatchObject({
        status: 'ok',
        info: { kafka: { status: 'up' } },
      });
      const metrics = await billing.scrapeMetrics();
      expect(metrics).toContain('http_request_duration_seconds_bucket');
      expect(metrics).toMatch(/^kafka_reachable 1$/m);
      // The event-loop delay, sampled every 100 ms: alerts read its p99.
      expect(metrics).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
      const onApiPort = await billing.app.inject({ method: 'GET', url: '/metrics' });
      expect(onApiPort.statusCode).toBe(401); // not an open path any more: the token is asked first
      const withToken = await billing.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
      });
      expect(withToken.statusCode).toBe(400);
      expect(JSON.parse(withToken.body)).toMatchObject({
        error: { description: 'The requested URL was not found on the server.' },
      });
    });
  });

  describe('events', () => {
    it('publishes customer.created and customer.updated on billing.customer, keyed by customer id', async () => {
      const { body: created } = await create(someone());
      await call({
        method: 'PUT',
        url: `/v1/customers/${created['id']}`,
        body: { name: 'New Name' },
        caller: ACCOUNT_A,
      });
      const consumer = new Kafka({
        brokers: billing.broker.brokers,
        logLevel: logLevel.NOTHING,
      }).consumer({ groupId: `audit-${Date.now()}`, maxWaitTimeInMs: 200 });
      const seen: { key: string; value: Record<string, unknown> }[] = [];
      await consumer.connect();
      await consumer.subscribe({ topic: 'billing.customer', fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) =>
          void seen.push({ key: String(message.key), value: JSON.parse(String(message.value)) }),
      });
      const mine = await waitFor(() => {
        const events = seen.filter((m) => m.key === created['id']);
        return events.length === 2 ? events : null;
      }, 'both events of the customer');
      await consumer.disconnect();
      expect(mine.map((m) => m.value['type'])).toEqual(['customer.created', 'customer.updated']);
      expect(mine[0].value).toMatchObject({
        schema_version: 1,
        account_id: ACCOUNT_A.accountId,
        mode: 'test',
        stream_id: created['id'],
        stream_version: 1,
        data: { customer: created },
      });
      expect(mine[1].value).toMatchObject({
        stream_version: 2,
        data: { customer: { ...created, name: 'New Name' }, changed: ['name'] },
      });
    });
  });
});

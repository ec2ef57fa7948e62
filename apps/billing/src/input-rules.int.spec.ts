import { startBilling } from '../test/billing.kit';
import 'reflect-metadata';
import type { CallOptions, ServiceUnderTest } from '@platform/service-testing';

function nestedArrays(levels: number): string {
  return '['.repeat(levels) + ']'.repeat(levels);
}

function nestedObjects(levels: number): string {
  return '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
}

/** Hostile input is refused with a 400 naming the field, never a 500 (issue 16). */
describe('Input rules (billing)', () => {
  let billing: ServiceUnderTest;
  const call = (options: CallOptions) => billing.call(options);
  const raw = (url: string, payload: string) =>
    call({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

  beforeAll(async () => {
    billing = await startBilling();
  });

  afterAll(() => billing.close());

  function expectRefused(
    result: { status: number; body: Record<string, unknown> },
    field: string,
  ): void {
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', field, reason: 'input_validation_failed' },
    });
  }

  it.each([
    ['2,000 nested arrays in a field', `{"notes":${nestedArrays(2000)}}`, 'notes'],
    ['3,000 nested objects in a field', `{"name":"Deep","notes":${nestedObjects(3000)}}`, 'notes'],
    ['100,000 nested arrays as the body', nestedArrays(100_000), 'body'],
  ])('refuses a body nested too deeply: %s', async (_what, payload, field) => {
    expectRefused(await raw('/v1/customers', payload), field);
  });

  it('still takes an ordinary body with notes', async () => {
    const { status } = await call({
      method: 'POST',
      url: '/v1/customers',
      body: { name: 'Shallow Enough', notes: { crm: 'x' } },
    });
    expect(status).toBe(200);
  });

  it.each([
    ['a NUL in a path id', '/v1/customers/cust_AAAAAAAAAAAAAA%00', 'id'],
    ['a NUL in a query filter', '/v1/invoices?receipt=%00', 'receipt'],
  ])('refuses %s', async (_what, url, field) => {
    const result = await call({ method: 'GET', url });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', field } });
  });

  it.each([
    ['a NUL in a name', { name: 'Acme\u0000Ltd' }, 'name'],
    ['a lone surrogate in a name', { name: 'a\ud800b' }, 'name'],
    ['a NUL in a note', { name: 'Acme Ltd', notes: { memo: 'x\u0000' } }, 'notes.memo'],
    ['a NUL in a note key', { name: 'Acme Ltd', notes: { ['k\u0000']: 'x' } }, 'notes.k\u0000'],
  ])('refuses text PostgreSQL cannot store: %s', async (_what, body, field) => {
    expectRefused(await call({ method: 'POST', url: '/v1/customers', body }), field);
  });

  it('keeps emoji (surrogate pairs) as they are', async () => {
    const { status, body } = await call({
      method: 'POST',
      url: '/v1/customers',
      body: { name: 'Emoji Ltd', notes: { mood: '\ud83d\ude00' } },
    });
    expect(status).toBe(200);
    expect(body['notes']).toEqual({ mood: '\ud83d\ude00' });
  });

  it.each([
    ['skip=1e99', 'skip'],
    ['to=99999999999999999999', 'to'],
    ['from=1e308', 'from'],
  ])('refuses a list query number too large for the database: %s', async (query, field) => {
    for (const list of [
      '/v1/customers',
      '/v1/invoices',
      '/v1/subscriptions',
      '/v1/items',
      '/v1/plans',
    ]) {
      expectRefused(await call({ method: 'GET', url: `${list}?${query}` }), field);
    }
  });

  it.each([
    ['start_at', 100_000_000_000_000_000],
    ['start_at', 1e308],
    ['start_at', 2 ** 53 + 1],
    ['expire_by', 1e308],
  ])('refuses a subscription %s of %d instead of changing it', async (field, value) => {
    expectRefused(
      await call({
        method: 'POST',
        url: '/v1/subscriptions',
        body: { plan_id: 'plan_AAAAAAAAAAAAAA', total_count: 3, [field]: value },
      }),
      field,
    );
  });

  it.each([
    ['an expire_by of 1e308', { expire_by: 1e308 }, 'expire_by'],
    ['null line_items', { line_items: null }, 'line_items'],
    [
      'a line with a null amount',
      { line_items: [{ name: 'Line', amount: null }] },
      'line_items.0.amount',
    ],
  ])('refuses an invoice with %s, on create and on PATCH', async (_what, fields, field) => {
    expectRefused(
      await call({
        method: 'POST',
        url: '/v1/invoices',
        body: { type: 'invoice', draft: '1', ...fields },
      }),
      field,
    );
    expectRefused(
      await call({ method: 'PATCH', url: '/v1/invoices/inv_AAAAAAAAAAAAAA', body: fields }),
      field,
    );
  });

  it.each([
    ['notify_email', 'link@example.com\r\nBcc: all@example.com'],
    ['notify_email', 'not an address'],
    ['notify_phone', '+91900\r\n0090000'],
    ['notify_phone', 'call me'],
  ])('refuses a subscription link whose notify_info.%s is %j', async (field, value) => {
    const body = {
      plan_id: 'plan_AAAAAAAAAAAAAA',
      total_count: 3,
      notify_info: { [field]: value },
    };
    expectRefused(
      await call({ method: 'POST', url: '/v1/subscriptions', body }),
      `notify_info.${field}`,
    );
  });
});

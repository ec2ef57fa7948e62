import { basicAuth, newAccount, platform } from './support/platform';
import type { PlatformAccount } from './support/platform';

/**
 * Hostile input through the real gateway and services over HTTP: each answers 400 in the error
 * envelope naming the field, never a 500 (issue 16).
 */
describe('Hostile input through the gateway', () => {
  let account: PlatformAccount;

  beforeAll(async () => {
    account = await newAccount('Hostile Input');
  });

  async function send(
    path: string,
    init: { method?: string; body?: string | Buffer; contentType?: string } = {},
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const headers: Record<string, string> = { authorization: basicAuth(account.test) };
    if (init.body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
    const response = await fetch(`${platform.baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const refusedNaming = (field: string) => ({
    status: 400,
    body: { error: { code: 'BAD_REQUEST_ERROR', field } },
  });

  it('refuses deep nesting naming the field', async () => {
    const deep = '['.repeat(2000) + ']'.repeat(2000);
    expect(
      await send('/v1/customers', { body: `{"name":"Deep Nesting","notes":${deep}}` }),
    ).toMatchObject(refusedNaming('notes'));
  });

  it.each([
    ['a NUL in a path id', '/v1/customers/cust_AAAAAAAAAAAAAA%00', 'id'],
    ['a NUL in a query filter', '/v1/orders?receipt=%00', 'receipt'],
    ['skip=1e99', '/v1/customers?skip=1e99', 'skip'],
    ['to=99999999999999999999', '/v1/invoices?to=99999999999999999999', 'to'],
  ])('refuses %s naming the field', async (_what, path, field) => {
    expect(await send(path)).toMatchObject(refusedNaming(field));
  });

  it.each([
    ['a lone surrogate in a name', '/v1/customers', '{"name":"a\\ud800b"}', 'name'],
    [
      'a NUL in a note',
      '/v1/customers',
      '{"name":"Nul Note","notes":{"memo":"x\\u0000"}}',
      'notes.memo',
    ],
    [
      'a start_at of 1e308',
      '/v1/subscriptions',
      '{"plan_id":"plan_AAAAAAAAAAAAAA","total_count":3,"start_at":1e308}',
      'start_at',
    ],
    [
      'a null line amount',
      '/v1/invoices',
      '{"type":"invoice","line_items":[{"name":"Line","amount":null}]}',
      'line_items.0.amount',
    ],
  ])('refuses %s naming the field', async (_what, path, body, field) => {
    expect(await send(path, { body })).toMatchObject(refusedNaming(field));
  });

  it('refuses a multipart upload whose body is cut short', async () => {
    const boundary = 'e2eboundary0123456789';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cut`;
    expect(
      await send('/v1/documents', {
        body,
        contentType: `multipart/form-data; boundary=${boundary}`,
      }),
    ).toMatchObject(refusedNaming('file'));
  });

  it('refuses upi_qr: null on the admin API', async () => {
    const response = await fetch(
      `${platform.baseUrl}/admin/v1/accounts/${account.accountId}/features`,
      {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${platform.adminToken}`,
          'content-type': 'application/json',
        },
        body: '{"mode":"test","upi_qr":null}',
      },
    );
    expect({ status: response.status, body: await response.json() }).toMatchObject(
      refusedNaming('upi_qr'),
    );
  });
});

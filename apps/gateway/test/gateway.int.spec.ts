import 'reflect-metadata';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Client } from 'pg';
import { admin, api, basic, newKey, startEchoUpstream, startGatewayBefore } from './gateway-calls';
import type { Key } from './gateway-calls';

describe('the gateway', () => {
  let broker: RunningBroker;
  let upstream: ServiceUnderTest;
  let gateway: ServiceUnderTest;
  let limited: ServiceUnderTest;

  const startGateway = (env: Record<string, string> = {}) =>
    startGatewayBefore(broker, { billing: upstream.url }, { env });

  beforeAll(async () => {
    broker = await startTestBroker();
    upstream = await startEchoUpstream(broker);
    gateway = await startGateway();
    limited = await startGateway({ RATE_LIMIT_PER_SECOND: '5', BODY_LIMIT_BYTES: '2048' });
  });

  afterAll(async () => {
    await limited.close();
    await gateway.close();
    await upstream.close();
    await broker.stop();
  });

  describe('admin API', () => {
    it('creates accounts and key pairs whose secret is shown once', async () => {
      const account = await admin(gateway, 'POST', '/admin/v1/accounts', { name: 'Acme Retail' });
      expect(account).toMatchObject({
        status: 201,
        body: { entity: 'account', name: 'Acme Retail' },
      });
      expect(account.body['id']).toMatch(/^acc_[0-9A-Za-z]{14}$/);
      const test = await admin(gateway, 'POST', `/admin/v1/accounts/${account.body['id']}/keys`, {
        mode: 'test',
      });
      const live = await admin(gateway, 'POST', `/admin/v1/accounts/${account.body['id']}/keys`, {
        mode: 'live',
      });
      expect(test.body['id']).toMatch(/^rzp_test_[0-9A-Za-z]{14}$/);
      expect(live.body['id']).toMatch(/^rzp_live_[0-9A-Za-z]{14}$/);
      expect(test.body['secret']).toMatch(/^[0-9A-Za-z]{24}$/);
      const fetched = await admin(gateway, 'GET', `/admin/v1/accounts/${account.body['id']}`);
      expect(fetched.body['keys']).toEqual([
        expect.objectContaining({ id: test.body['id'], mode: 'test', revoked_at: null }),
        expect.objectContaining({ id: live.body['id'], mode: 'live' }),
      ]);
      expect(JSON.stringify(fetched.body)).not.toContain(test.body['secret'] as string);
    });

    it('stores only a hash of each secret', async () => {
      const key = await newKey(gateway, 'test');
      const { DataSource } = await import('typeorm');
      const [row] = await gateway.app
        .get(DataSource)
        .query('SELECT secret_hash::text AS hash FROM api_keys WHERE id = $1', [key.id]);
      expect(row.hash).not.toContain(key.secret);
      expect(row.hash).toMatch(/^\\x[0-9a-f]{64}$/);
    });

    it('checks the token before reading the body: a malformed body without the token is a 401, not a 400', async () => {
      for (const payload of ['{"name": "x", broken', '['.repeat(5000)]) {
        const response = await gateway.app.inject({
          method: 'POST',
          url: '/admin/v1/accounts',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBe(401);
        expect(JSON.parse(response.body)).toMatchObject({
          error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' },
        });
      }
      const patched = await gateway.app.inject({
        method: 'PATCH',
        url: '/admin/v1/accounts/acc_Nobody00000001/features',
        headers: { authorization: 'Bearer wrong', 'content-type': 'application/json' },
        payload: '{',
      });
      expect(patched.statusCode).toBe(401);
    });

    it.each([
      ['no token', undefined],
      ['a wrong token', 'x'.repeat(40)],
    ])('refuses %s with 401 in the envelope', async (_, token) => {
      const response = await gateway.app.inject({
        method: 'POST',
        url: '/admin/v1/accounts',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: { name: 'x' },
      });
      expect(response.statusCode).toBe(401);
      expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
    });

    it('validates its input', async () => {
      expect(await admin(gateway, 'POST', '/admin/v1/accounts', {})).toMatchObject({
        status: 400,
        body: { error: { field: 'name' } },
      });
      const key = await newKey(gateway, 'test');
      expect(
        await admin(gateway, 'POST', `/admin/v1/accounts/${key.accountId}/keys`, { mode: 'prod' }),
      ).toMatchObject({ status: 400, body: { error: { field: 'mode' } } });
      expect(
        await admin(gateway, 'POST', '/admin/v1/accounts/acc_00000000000000/keys', {
          mode: 'test',
        }),
      ).toMatchObject({
        status: 400,
        body: { error: { description: 'The id provided does not exist' } },
      });
    });
  });

  describe('authentication', () => {
    let key: Key & { accountId: string };
    beforeAll(async () => (key = await newKey(gateway, 'test')));

    it('forwards an authenticated request with the account, mode, key, request id and internal token', async () => {
      const response = await api(gateway, {
        method: 'POST',
        url: '/v1/customers',
        key,
        body: '{"name":"Ravi"}',
        headers: { 'x-request-id': 'req-123' },
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        body: { name: 'Ravi' },
        account: key.accountId,
        mode: 'test',
        key: key.id,
        requestId: 'req-123',
        token: true,
      });
      expect(response.headers['x-request-id']).toBe('req-123');
    });

    it.each([
      [
        'missing credentials',
        undefined,
        'Please provide your api key for authentication purposes.',
      ],
      ['another scheme', 'Bearer abc', 'The api key provided is invalid'],
      ['malformed base64', 'Basic ###', 'The api key provided is invalid'],
      ['an unknown key id', 'unknown', 'The api key provided is invalid'],
      ['a wrong secret', 'wrong-secret', 'The api key provided is invalid'],
      ['a whitespace-padded key id', 'padded-id', 'The api key provided is invalid'],
      ['a whitespace-padded secret', 'padded-secret', 'The api key provided is invalid'],
    ])('answers %s with 401 in the envelope', async (_, variant, description) => {
      const authorization =
        variant === 'unknown'
          ? basic('rzp_test_00000000000000', key.secret)
          : variant === 'wrong-secret'
            ? basic(key.id, `${key.secret}x`)
            : variant === 'padded-id'
              ? basic(` ${key.id}`, key.secret)
              : variant === 'padded-secret'
                ? basic(key.id, `${key.secret} `)
                : variant;
      const response = await api(gateway, { url: '/v1/customers', authorization });
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Basic realm="api"');
      expect(response.body).toEqual({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description,
          source: 'NA',
          step: 'NA',
          reason: 'NA',
          metadata: {},
        },
      });
    });

    it('refuses a revoked key at once', async () => {
      const revocable = await newKey(gateway, 'test');
      expect((await api(gateway, { url: '/v1/customers', key: revocable })).status).toBe(200);
      expect((await admin(gateway, 'DELETE', `/admin/v1/keys/${revocable.id}`)).body).toMatchObject(
        { id: revocable.id, revoked_at: expect.any(Number) },
      );
      expect((await api(gateway, { url: '/v1/customers', key: revocable })).status).toBe(401);
    });

    it('refuses a key revoked through another gateway replica within moments', async () => {
      const replica = await startGatewayBefore(
        broker,
        { billing: upstream.url },
        { databaseUrl: gateway.databaseUrl },
      );
      try {
        const shared = await newKey(gateway, 'test');
        expect((await api(replica, { url: '/v1/customers', key: shared })).status).toBe(200); // now cached by the replica
        await admin(gateway, 'DELETE', `/admin/v1/keys/${shared.id}`);
        const revokedAt = Date.now();
        await waitFor(
          async () => (await api(replica, { url: '/v1/customers', key: shared })).status === 401,
          'the replica to refuse the key',
          2000,
        );
        expect(Date.now() - revokedAt).toBeLessThan(500);
      } finally {
        await replica.close();
      }
    });

    it('still hears revocations after PostgreSQL dropped its listening connection', async () => {
      const key = await newKey(gateway, 'test');
      const pg = new Client({ connectionString: gateway.databaseUrl });
      await pg.connect();
      try {
        const listeners = async () =>
          (
            await pg.query(
              "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN api_key_revoked'",
            )
          ).rows;
        const lost = await listeners();
        expect(lost.length).toBeGreaterThan(0);
        await pg.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [
          lost.map((row) => row.pid),
        ]);
        await waitFor(
          async () => (await listeners()).length === lost.length,
          'the gateway to listen again',
          5000,
        );
        expect((await api(gateway, { url: '/v1/customers', key })).status).toBe(200); // cached again
        // Revoked as another replica does it: the row, and the NOTIFY every replica listens for.
        await pg.query(
          "WITH revoked AS (UPDATE api_keys SET revoked_at = now() WHERE id = $1 RETURNING id) SELECT pg_notify('api_key_revoked', id) FROM revoked",
          [key.id],
        );
        await waitFor(
          async () => (await api(gateway, { url: '/v1/customers', key })).status === 401,
          'the revoked key to be refused',
          2000,
        );
      } finally {
        await pg.end();
      }
    });

    it('sends the key mode along: test and live keys of one account are separate callers', async () => {
      const test = await newKey(gateway, 'test');
      const live = await newKey(gateway, 'live', test.accountId);
      expect((await api(gateway, { url: '/v1/customers', key: test })).body).toMatchObject({
        account: test.accountId,
        mode: 'test',
      });
      expect((await api(gateway, { url: '/v1/customers', key: live })).body).toMatchObject({
        account: test.accountId,
        mode: 'live',
      });
    });
  });

  describe('routing', () => {
    let key: Key;
    beforeAll(async () => (key = await newKey(gateway, 'test')));
    const urlNotFound = {
      status: 400,
      body: {
        error: expect.objectContaining({
          code: 'BAD_REQUEST_ERROR',
          description: 'The requested URL was not found on the server.',
        }),
      },
    };

    it.each([
      ['an unknown path', 'GET', '/v1/nothing'],
      ['a wrong method', 'DELETE', '/v1/customers'],
      ['a GET on a POST-only path', 'GET', '/v1/payments/qr_codes/qr_1/close'],
      ['a missing id', 'POST', '/v1/payments/qr_codes//close'],
      ['a /v2 path other than an account’s webhooks', 'GET', '/v2/customers'],
      ['a path outside /v1 and /v2', 'GET', '/v3/webhooks'],
    ])('answers %s like an unknown URL', async (_, method, url) => {
      expect(await api(gateway, { method, url, key })).toMatchObject(urlNotFound);
    });

    it('tolerates a trailing slash', async () => {
      expect((await api(gateway, { url: '/v1/customers/', key })).status).toBe(200);
    });

    it('answers like an unknown URL when the owning service has not built the route yet', async () => {
      expect(await api(gateway, { url: '/v1/plans', key })).toMatchObject(urlNotFound);
    });

    it('answers 503 with Retry-After in the envelope when the owning service cannot be reached', async () => {
      expect(await api(gateway, { url: '/v1/payments', key })).toMatchObject({
        status: 503,
        headers: { 'retry-after': '5' },
        body: { error: { code: 'SERVER_ERROR', reason: 'service_unavailable' } },
      });
    });

    it.each(['/v1/webhooks', '/v2/accounts/acc_x/webhooks/'])(
      'forwards GET %s to the webhooks service',
      async (url) => {
        expect(await api(gateway, { url, key })).toMatchObject({
          status: 503,
          body: { error: { code: 'SERVER_ERROR' } },
        });
      },
    );
  });

  describe('limits', () => {
    it('answers 429 with Retry-After once a key exceeds its rate', async () => {
      const key = await newKey(limited, 'test');
      const statuses: number[] = [];
      let limitedResponse: Awaited<ReturnType<typeof api>> | null = null;
      let allowedResponse: Awaited<ReturnType<typeof api>> | null = null;
      for (let i = 0; i < 8; i++) {
        const response = await api(limited, { url: '/v1/customers', key });
        statuses.push(response.status);
        if (response.status === 429) limitedResponse = response;
        else allowedResponse ??= response;
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      // As Razorpay's: an allowed answer carries no rate-limit headers.
      expect(
        Object.keys(allowedResponse?.headers ?? {}).filter((h) => h.startsWith('x-ratelimit')),
      ).toEqual([]);
      expect(statuses).toContain(429);
      expect(Number(limitedResponse?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(limitedResponse?.body).toMatchObject({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Too many requests. Please retry after some time.',
        },
      });
      const other = await newKey(limited, 'test');
      expect((await api(limited, { url: '/v1/customers', key: other })).status).toBe(200); // per key
    });

    it('answers a body over the limit with 400 in the envelope', async () => {
      const key = await newKey(limited, 'test');
      const response = await api(limited, {
        method: 'POST',
        url: '/v1/customers',
        key,
        body: JSON.stringify({ name: 'x'.repeat(5000) }),
      });
      expect(response).toMatchObject({
        status: 400,
        body: { error: { description: 'The request body is too large.' } },
      });
    });
  });

  describe('documentation', () => {
    it('serves the OpenAPI document and Swagger UI without credentials', async () => {
      const document = await gateway.app.inject({ method: 'GET', url: '/docs/openapi.json' });
      expect(document.statusCode).toBe(200);
      const parsed = JSON.parse(document.body) as {
        openapi: string;
        paths: Record<string, unknown>;
      };
      expect(parsed.openapi).toBe('3.1.0');
      expect(Object.keys(parsed.paths)).toEqual(
        expect.arrayContaining(['/v1/customers', '/v1/customers/{id}']),
      );
      const ui = await gateway.app.inject({ method: 'GET', url: '/docs' });
      expect(ui.headers['content-type']).toContain('text/html');
      expect(
        (await gateway.app.inject({ method: 'GET', url: '/docs/swagger-ui-bundle.js' })).statusCode,
      ).toBe(200);
    });
  });
});

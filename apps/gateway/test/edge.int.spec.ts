import 'reflect-metadata';
import { connect } from 'node:net';
import type { RunningBroker } from '@platform/embedded-kafka';
import { Database } from '@platform/event-store';
import { startTestBroker, TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { ADMIN_TOKEN, basic, newKey, startEchoUpstream, startGatewayBefore } from './gateway-calls';

interface RawAnswer {
  status: number;
  body: Record<string, unknown>;
  raw: string;
}

/** Writes `chunks` on a fresh connection (with `gapMs` between them) and reads until the server closes it. */
function rawRequest(url: string, chunks: string[], gapMs = 0): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    const timer = setTimeout(
      () => socket.destroy(new Error(`no answer after 10 s; got ${JSON.stringify(received)}`)),
      10_000,
    );
    socket.on('data', (data) => (received += data.toString('utf8')));
    socket.on('error', (error) => (clearTimeout(timer), reject(error)));
    socket.on('close', () => {
      clearTimeout(timer);
      const [head, body = ''] = received.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        body: body ? JSON.parse(body) : {},
        raw: received,
      });
    });
    void (async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (gapMs > 0) await new Promise((done) => setTimeout(done, gapMs));
      }
    })();
  });
}

describe('the HTTP edge (gateway and services)', () => {
  let broker: RunningBroker;
  let service: ServiceUnderTest;
  let gateway: ServiceUnderTest;

  beforeAll(async () => {
    broker = await startTestBroker();
    service = await startEchoUpstream(broker);
    gateway = await startGatewayBefore(broker, service.url, { listen: true });
  });

  afterAll(async () => {
    await gateway.close();
    await service.close();
    await broker.stop();
  });

  const targets = () =>
    [
      ['gateway', gateway.url, `/admin/v1/accounts/${'a'.repeat(101)}`],
      ['a service', service.url, `/internal/qr-codes/${'q'.repeat(101)}/image.png`],
    ] as const;

  it('refuses a path parameter over 100 characters with 400 in the envelope, without echoing the URL', async () => {
    for (const [, url, path] of targets()) {
      const response = await fetch(`${url}${path}`, {
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      const text = await response.text();
      expect(response.status).toBe(400);
      expect(JSON.parse(text)).toMatchObject({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'A path parameter is too long (at most 100 characters).',
        },
      });
      expect(text).not.toContain('aaaaaaaaaa');
      expect(text).not.toContain('qqqqqqqqqq');
    }
  });

  it('answers headers over 16 KB with 431 in the envelope', async () => {
    for (const [, url] of targets()) {
      const answer = await rawRequest(url, [
        `GET /v1/customers HTTP/1.1\r\nHost: x\r\nX-Padding: ${'p'.repeat(20 * 1024)}\r\n\r\n`,
      ]);
      expect(answer.status).toBe(431);
      expect(answer.body).toMatchObject({
        error: { code: 'BAD_REQUEST_ERROR', description: 'The request headers are too large.' },
      });
    }
  });

  it('answers malformed HTTP with 400 in the envelope', async () => {
    for (const [, url] of targets()) {
      const answer = await rawRequest(url, ['GET /v1/customers HTTP/1.1\r\nHost x\r\n\r\n']);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
    }
  });

  describe('duplicate Authorization headers', () => {
    it('are refused with 401 in the envelope, on the public API and the admin API, even when the first is valid', async () => {
      const key = await newKey(gateway, 'test');
      const valid = basic(key.id, key.secret);
      const requests = [
        `GET /v1/customers HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: ${valid}\r\nAuthorization: ${basic(key.id, 'wrong')}\r\n\r\n`,
        `GET /admin/v1/accounts/${key.accountId} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\nauthorization: Bearer other\r\n\r\n`,
      ];
      for (const request of requests) {
        const answer = await rawRequest(gateway.url, [request]);
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description:
              'The request carries more than one Authorization header; send exactly one.',
          },
        });
      }
      const single = await rawRequest(gateway.url, [
        `GET /v1/customers HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: ${valid}\r\n\r\n`,
      ]);
      expect(single.status).toBe(200);
    });
  });

  describe('failed authentication', () => {
    const attempt = (target: ServiceUnderTest, authorization: string, remoteAddress: string) =>
      target.app.inject({
        method: 'GET',
        url: '/v1/customers',
        headers: { authorization },
        remoteAddress,
      });

    it('refuses an address with 429 in the envelope after its failures, while another address still authenticates', async () => {
      const limited = await startGatewayBefore(broker, service.url, {
        databaseUrl: gateway.databaseUrl,
        env: { AUTH_FAILURES_PER_MINUTE: '3' },
      });
      try {
        const key = await newKey(limited, 'test');
        for (let i = 0; i < 3; i++)
          expect(
            (await attempt(limited, basic(key.id, `wrong${i}`), '203.0.113.7')).statusCode,
          ).toBe(401);
        const refused = await attempt(limited, basic(key.id, key.secret), '203.0.113.7');
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(JSON.parse(refused.body)).toMatchObject({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Too many requests. Please retry after some time.',
          },
        });
        expect((await attempt(limited, basic(key.id, key.secret), '203.0.113.8')).statusCode).toBe(
          200,
        );
      } finally {
        await limited.close();
      }
    });

    it('counts an IPv6 /64 as one network, each key id from every network, and the admin token', async () => {
      const limited = await startGatewayBefore(broker, service.url, {
        databaseUrl: gateway.databaseUrl,
        env: { AUTH_FAILURES_PER_MINUTE: '3', AUTH_FAILURES_PER_KEY_PER_MINUTE: '3' },
      });
      try {
        const [key, guessed, other] = [
          await newKey(limited, 'test'),
          await newKey(limited, 'test'),
          await newKey(limited, 'test'),
        ];
        const admin = (authorization: string, remoteAddress: string) =>
          limited.app.inject({
            method: 'GET',
            url: `/admin/v1/accounts/${key.accountId}`,
            headers: { authorization },
            remoteAddress,
          });
        // Three addresses of one /64, each failing once with a key id that does not exist.
        for (const host of ['1', 'a:b:c', 'ffff:ffff:fffe'])
          expect(
            (
              await attempt(
                limited,
                basic(`rzp_test_Unknown${host.length}`, 'x'),
                `2001:db8:7:1::${host}`,
              )
            ).statusCode,
          ).toBe(401);
        const rotated = await attempt(limited, basic(key.id, key.secret), '2001:db8:7:1:9::9');
        expect(rotated.statusCode).toBe(429);
        expect(JSON.parse(rotated.body)).toMatchObject({
          error: { description: 'Too many requests. Please retry after some time.' },
        });
        expect(
          (await attempt(limited, basic(key.id, key.secret), '2001:db8:7:2::1')).statusCode,
        ).toBe(200);

        // One key's secret guessed from three networks: that key id is refused from any network.
        for (const i of [1, 2, 3])
          expect(
            (await attempt(limited, basic(guessed.id, `wrong${i}`), `198.51.100.${i}`)).statusCode,
          ).toBe(401);
        const guessedKey = await attempt(limited, basic(guessed.id, guessed.secret), '192.0.2.50');
        expect([guessedKey.statusCode, Number(guessedKey.headers['retry-after']) > 0]).toEqual([
          429,
          true,
        ]);
        expect(
          (await attempt(limited, basic(other.id, other.secret), '192.0.2.50')).statusCode,
        ).toBe(200);

        // The admin token guessed from three networks: the admin API is refused, the right token too.
        expect((await admin(`Bearer ${ADMIN_TOKEN}`, '192.0.2.60')).statusCode).toBe(200);
        for (const i of [1, 2, 3])
          expect((await admin(`Bearer wrong-${i}`, `203.0.113.${100 + i}`)).statusCode).toBe(401);
        const adminRefused = await admin(`Bearer ${ADMIN_TOKEN}`, '192.0.2.60');
        expect(adminRefused.statusCode).toBe(429);
        expect(JSON.parse(adminRefused.body)).toMatchObject({
          error: { description: 'Too many requests. Please retry after some time.' },
        });
        // The API keys' own authentication is not the admin token's.
        expect(
          (await attempt(limited, basic(other.id, other.secret), '192.0.2.60')).statusCode,
        ).toBe(200);
      } finally {
        await limited.close();
      }
    });

    it('looks an unknown or revoked key id up in the database once, then answers from memory like a wrong secret', async () => {
      const key = await newKey(gateway, 'test');
      const revoked = await newKey(gateway, 'test');
      // The active key is in memory before the revocation's NOTIFY can race its first lookup.
      expect((await attempt(gateway, basic(key.id, key.secret), '198.51.100.1')).statusCode).toBe(
        200,
      );
      expect(
        (
          await gateway.app.inject({
            method: 'DELETE',
            url: `/admin/v1/keys/${revoked.id}`,
            headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          })
        ).statusCode,
      ).toBe(200);
      const queries = jest.spyOn(gateway.app.get(Database), 'query');
      try {
        for (const id of [key.id, 'rzp_test_Unknown0000001', revoked.id]) {
          for (let i = 0; i < 3; i++)
            expect(
              (await attempt(gateway, basic(id, 'not-the-secret'), `198.51.100.${i + 2}`))
                .statusCode,
            ).toBe(401);
        }
        const lookups = queries.mock.calls.filter(
          ([statement]) => statement.name === 'api-keys.load',
        );
        expect(lookups.map(([, values]) => values?.[0])).toEqual([
          'rzp_test_Unknown0000001',
          revoked.id,
        ]);
      } finally {
        queries.mockRestore();
      }
    });
  });

  describe('timeouts', () => {
    const TIMEOUTS = {
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '2000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '1000',
    };
    let slowService: ServiceUnderTest;
    let slowGateway: ServiceUnderTest;
    /** One byte every 200 ms for 8 s: longer than every timeout, shorter than rawRequest's own 10 s guard. */
    const trickle = (text: string) => text.padEnd(40, ' ').slice(0, 40).split('');

    beforeAll(async () => {
      slowService = await startEchoUpstream(broker, TIMEOUTS);
      slowGateway = await startGatewayBefore(broker, service.url, {
        listen: true,
        databaseUrl: gateway.databaseUrl,
        env: TIMEOUTS,
      });
    });

    afterAll(async () => {
      await slowGateway.close();
      await slowService.close();
    });

    const slowTargets = () =>
      [
        [slowGateway.url, '/admin/v1/accounts', `Authorization: Bearer ${ADMIN_TOKEN}`],
        [slowService.url, '/v1/customers', `X-Internal-Token: ${TEST_INTERNAL_TOKEN}`],
      ] as const;

    it('answers slow headers with 408 in the envelope and closes the connection', async () => {
      const answers = await Promise.all(
        slowTargets().map(([url]) =>
          rawRequest(
            url,
            ['GET /health/live HTTP/1.1\r\nHost: x\r\nX-Slow: ', ...trickle('a')],
            200,
          ),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(408);
        expect(answer.body).toMatchObject({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'The request was not received in time.',
          },
        });
      }
    });

    it('answers a slow body with 408 in the envelope and closes the connection', async () => {
      const answers = await Promise.all(
        slowTargets().map(([url, path, credentials]) =>
          rawRequest(
            url,
            [
              `POST ${path} HTTP/1.1\r\nHost: x\r\n${credentials}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`,
              ...trickle('{"name":"slow'),
            ],
            200,
          ),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(408);
        expect(answer.body).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
      }
    });

    it('closes an idle keep-alive connection', async () => {
      const answers = await Promise.all(
        slowTargets().map(([url]) =>
          rawRequest(url, ['GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n']),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    });
  });
});

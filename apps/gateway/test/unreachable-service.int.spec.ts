import 'reflect-metadata';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { api, newKey, startGatewayBefore } from './gateway-calls';
import type { Key } from './gateway-calls';
import { startScriptedUpstream, unusedPort } from './scripted-upstream';
import type { ScriptedUpstream } from './scripted-upstream';

const UNAVAILABLE = {
  error: {
    code: 'SERVER_ERROR',
    description:
      'The service is temporarily unavailable. Please retry after the number of seconds in the Retry-After header.',
    source: 'NA',
    step: 'NA',
    reason: 'service_unavailable',
    metadata: {},
  },
};

describe('the gateway when a service cannot be reached', () => {
  let broker: RunningBroker;
  /** The port the payments service should be on; nothing listens there unless a test starts it. */
  let paymentsPort: number;
  let billing: ScriptedUpstream;
  let gateway: ServiceUnderTest;
  let key: Key;
  let started: ScriptedUpstream | null = null;

  /** The payments service starts listening `afterMs` from now (a pod becoming ready). */
  const paymentsComesBackIn = (afterMs: number) =>
    new Promise<void>((resolve) =>
      setTimeout(
        () =>
          void startScriptedUpstream(paymentsPort).then(
            (upstream) => ((started = upstream), resolve()),
          ),
        afterMs,
      ),
    );
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    api(gateway, { method: 'POST', url, key, body: JSON.stringify(body), headers });

  beforeAll(async () => {
    broker = await startTestBroker();
    billing = await startScriptedUpstream();
    paymentsPort = await unusedPort();
    gateway = await startGatewayBefore(broker, {
      billing: billing.url,
      payments: `http://127.0.0.1:${paymentsPort}`,
      settlements: billing.url,
      webhooks: billing.url,
    });
    key = await newKey(gateway, 'test');
  });

  afterEach(async () => {
    await started?.close();
    started = null;
    // Let the gateway's pool see its keep-alive connections closed before the next test.
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  afterAll(async () => {
    await gateway.close();
    await billing.close();
    await broker.stop();
  });

  it('answers a GET and a POST 503 with Retry-After in the error envelope', async () => {
    for (const answer of [
      await api(gateway, { url: '/v1/payments', key }),
      await post('/v1/orders', { amount: 5000 }),
    ]) {
      expect(answer).toMatchObject({
        status: 503,
        headers: { 'retry-after': '5' },
        body: UNAVAILABLE,
      });
    }
  });

  it('answers a public page (a QR code image) 503 with Retry-After too', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/qr/qr_AbcdefGhijklmn.png' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(JSON.parse(response.body)).toEqual(UNAVAILABLE);
  });

  it('frees the idempotency key of a POST answered 503, so that its retry runs once the service is back', async () => {
    const headers = { 'idempotency-key': `unreachable-${Date.now()}` };
    expect(await post('/v1/orders', { amount: 5000 }, headers)).toMatchObject({
      status: 503,
      headers: { 'retry-after': '5' },
    });
    await paymentsComesBackIn(0);
    const retry = await post('/v1/orders', { amount: 5000 }, headers);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('sends a keyed POST again when its service comes back within a second', async () => {
    const comingBack = paymentsComesBackIn(150);
    const answer = await post(
      '/v1/orders',
      { amount: 5000 },
      { 'idempotency-key': `comes-back-${Date.now()}` },
    );
    await comingBack;
    expect(answer.status).toBe(201);
    expect(started?.count('/v1/orders')).toBe(1);
  });

  it('sends a GET again when its service comes back within a second', async () => {
    const comingBack = paymentsComesBackIn(150);
    const answer = await api(gateway, { url: '/v1/payments', key });
    await comingBack;
    expect(answer.status).toBe(200);
  });

  it('never sends a POST without a key again: 503, the client decides', async () => {
    const comingBack = paymentsComesBackIn(150);
    const answer = await post('/v1/orders', { amount: 5000 });
    await comingBack;
    expect(answer).toMatchObject({ status: 503, body: UNAVAILABLE });
    expect(started?.count('/v1/orders')).toBe(0);
  });

  it('does not resend a keyed POST whose connection was lost after it was sent (it may have been applied)', async () => {
    const headers = { 'idempotency-key': `reset-${Date.now()}` };
    const before = billing.count('/v1/customers');
    expect(await post('/v1/customers', { reset: true }, headers)).toMatchObject({
      status: 503,
      headers: { 'retry-after': '5' },
      body: UNAVAILABLE,
    });
    expect(billing.count('/v1/customers')).toBe(before + 1);
  });

  it('passes a service’s own 503 through with its Retry-After', async () => {
    const answer = await post('/v1/customers', { answer: 503, retry_after: '7' });
    expect(answer).toMatchObject({ status: 503, headers: { 'retry-after': '7' } });
    expect(answer.body['path']).toBe('/v1/customers');
  });
});

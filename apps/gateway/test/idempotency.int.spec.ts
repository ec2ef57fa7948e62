import 'reflect-metadata';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { IdempotencyStore } from '../src/idempotency/idempotency-store';
import { waitFor } from '@platform/testing-core';
import { api, basic, newKey, startGatewayBefore } from './gateway-calls';
import type { Key } from './gateway-calls';
import { startScriptedUpstream } from './scripted-upstream';
import type { ScriptedUpstream } from './scripted-upstream';

const IN_PROGRESS =
  'Another request with the same idempotency key is still in progress. Retry after it has been answered.';
const DIFFERENT_REQUEST =
  'Different request with the same idempotency key has already been processed.';
const REFUND = '/v1/payments/pay_AbcdefGhijklmn/refund';

describe('idempotency keys at the gateway', () => {
  let broker: RunningBroker;
  let upstream: ScriptedUpstream;
  let gateway: ServiceUnderTest;
  let replica: ServiceUnderTest;
  let key: Key & { accountId: string };
  let keyNumber = 0;
  /** A key no other test uses. */
  const freshKey = () => `key-${Date.now()}-${++keyNumber}`;

  const startGateway = (databaseUrl?: string) =>
    // The replica over real HTTP, for a client that hangs up.
    startGatewayBefore(broker, upstream.url, { databaseUrl, listen: databaseUrl !== undefined });
  const post = (
    url: string,
    body: unknown,
    headers: Record<string, string>,
    target = gateway,
    as: Key = key,
  ) => api(target, { method: 'POST', url, key: as, body: JSON.stringify(body), headers });
  const rows = (sql: string, values: unknown[]) =>
    gateway.app.get(DataSource).query(sql, values) as Promise<Record<string, unknown>[]>;

  beforeAll(async () => {
    broker = await startTestBroker();
    upstream = await startScriptedUpstream();
    gateway = await startGateway();
    replica = await startGateway(gateway.databaseUrl);
    key = await newKey(gateway, 'test');
  });

  afterAll(async () => {
    await replica.close();
    await gateway.close();
    await upstream.close();
    await broker.stop();
  });

  it('answers a retry with the first answer, marked Idempotent-Replayed, without forwarding it again', async () => {
    const headers = { 'idempotency-key': freshKey() };
    const first = await post('/v1/orders', { amount: 5000, receipt: 'r-1' }, headers);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await post('/v1/orders', { amount: 5000, receipt: 'r-1' }, headers);
    expect(retry).toEqual({
      status: 201,
      headers: expect.objectContaining({
        'idempotent-replayed': 'true',
        'content-type': 'application/json; charset=utf-8',
      }),
      body: first.body,
    });
    // ...through another gateway replica too: the keys are in the shared database.
    expect(
      await post('/v1/orders', { amount: 5000, receipt: 'r-1' }, headers, replica),
    ).toMatchObject({ status: 201, body: first.body });
    expect(upstream.received.filter((request) => request.body.includes('"r-1"'))).toHaveLength(1);
  });

  it('forwards every POST without a key, and keeps nothing for them', async () => {
    const keys = () =>
      rows('SELECT count(*)::int AS n FROM idempotency_keys WHERE account_id = $1', [
        key.accountId,
      ]);
    const [before, keysBefore] = [upstream.count('/v1/customers'), await keys()];
    await post('/v1/customers', { name: 'no key' }, {});
    await post('/v1/customers', { name: 'no key' }, {});
    expect(upstream.count('/v1/customers')).toBe(before + 2);
    expect(await keys()).toEqual(keysBefore);
  });

  it('ignores the header on a GET', async () => {
    const headers = { 'idempotency-key': freshKey() };
    const before = upstream.count('/v1/orders');
    await api(gateway, { url: '/v1/orders', key, headers });
    await api(gateway, { url: '/v1/orders', key, headers });
    expect(upstream.count('/v1/orders')).toBe(before + 2);
  });

  it('refuses the key with another body or path: 400 naming the header', async () => {
    const headers = { 'idempotency-key': freshKey() };
    expect((await post('/v1/orders', { amount: 5000 }, headers)).status).toBe(201);
    expect(await post('/v1/orders', { amount: 6000 }, headers)).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: DIFFERENT_REQUEST,
          field: 'Idempotency-Key',
        },
      },
    });
    expect(await post('/v1/customers', { amount: 5000 }, headers)).toMatchObject({
      status: 400,
      body: { error: { field: 'Idempotency-Key' } },
    });
  });

  it('refuses a malformed key before forwarding anything', async () => {
    const before = upstream.received.length;
    expect(
      await post('/v1/orders', { amount: 1 }, { 'idempotency-key': 'k'.repeat(256) }),
    ).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
          field: 'Idempotency-Key',
        },
      },
    });
    expect(await post(REFUND, {}, { 'x-refund-idempotency': 'short' })).toMatchObject({
      status: 400,
      body: { error: { field: 'X-Refund-Idempotency' } },
    });
    expect(upstream.received.length).toBe(before);
  });

  it('keeps keys apart per account and mode', async () => {
    const headers = { 'idempotency-key': freshKey() };
    const live = await newKey(gateway, 'live', key.accountId);
    const other = await newKey(gateway, 'test');
    const answers = [
      await post('/v1/orders', { amount: 5000 }, headers),
      await post('/v1/orders', { amount: 5000 }, headers, gateway, live),
      await post('/v1/orders', { amount: 5000 }, headers, gateway, other),
    ];
    expect(answers.map((answer) => answer.headers['idempotent-replayed'])).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(new Set(answers.map((answer) => answer.body['id'])).size).toBe(3);
  });

  it('answers 409 while the first request is in flight, on any replica, and keeps nothing for it', async () => {
    const headers = { 'idempotency-key': freshKey() };
    const first = post('/v1/orders', { amount: 5000, delay_ms: 1500 }, headers);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const target of [gateway, replica]) {
      expect(
        await post('/v1/orders', { amount: 5000, delay_ms: 1500 }, headers, target),
      ).toMatchObject({
        status: 409,
        body: { error: { code: 'BAD_REQUEST_ERROR', description: IN_PROGRESS } },
      });
    }
    const answered = await first;
    expect(answered.status).toBe(201);
    expect(await post('/v1/orders', { amount: 5000, delay_ms: 1500 }, headers)).toMatchObject({
      status: 201,
      headers: { 'idempotent-replayed': 'true' },
      body: answered.body,
    });
  });

  it('lets 20 concurrent requests with one key through exactly once', async () => {
    const headers = { 'idempotency-key': freshKey() };
    const receipt = `concurrent-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('/v1/orders', { amount: 5000, receipt }, headers, i % 2 ? replica : gateway),
      ),
    );
    expect(upstream.received.filter((request) => request.body.includes(receipt))).toHaveLength(1);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(
      new Set(answers.filter((answer) => answer.status === 201).map((answer) => answer.body['id']))
        .size,
    ).toBe(1);
  });

  it('keeps a refusal (4xx) for the retries', async () => {
    const headers = { 'idempotency-key': freshKey() };
    const first = await post('/v1/orders', { answer: 400, attempt: 'refused' }, headers);
    expect(first.status).toBe(400);
    expect(await post('/v1/orders', { answer: 400, attempt: 'refused' }, headers)).toMatchObject({
      status: 400,
      headers: { 'idempotent-replayed': 'true' },
      body: first.body,
    });
  });

  it.each([
    ['a 503', 503],
    ['a 500', 500],
    ['a 429', 429],
  ])('frees the key after %s, so that the retry really runs', async (_what, status) => {
    const headers = { 'idempotency-key': freshKey() };
    const body = { answer: status, retry_after: '2', marker: headers['idempotency-key'] };
    expect(await post('/v1/orders', body, headers)).toMatchObject({
      status,
      headers: { 'retry-after': '2' },
    });
    const retry = await post('/v1/orders', body, headers);
    expect(retry.status).toBe(status);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(
      upstream.received.filter((request) => request.body.includes(headers['idempotency-key'])),
    ).toHaveLength(2);
  });

  it('keeps X-Refund-Idempotency in a namespace of its own', async () => {
    const value = `refund_${Date.now()}`;
    const refund = await post(REFUND, { amount: 100 }, { 'x-refund-idempotency': value });
    // The same value as an Idempotency-Key of the same refund is another key: it runs.
    const other = await post(REFUND, { amount: 100 }, { 'idempotency-key': value });
    expect(other.body['id']).not.toBe(refund.body['id']);
    expect(await post(REFUND, { amount: 100 }, { 'x-refund-idempotency': value })).toMatchObject({
      status: 201,
      headers: { 'idempotent-replayed': 'true' },
      body: refund.body,
    });
    expect(await post(REFUND, { amount: 200 }, { 'x-refund-idempotency': value })).toMatchObject({
      status: 400,
      body: { error: { description: DIFFERENT_REQUEST, field: 'X-Refund-Idempotency' } },
    });
  });

  it('forgets a key after 24 hours, and the sweep deletes it', async () => {
    const headers = { 'idempotency-key': freshKey() };
    expect((await post('/v1/orders', { amount: 5000 }, headers)).status).toBe(201);
    const age = async (interval: string) =>
      rows(`UPDATE idempotency_keys SET claimed_at = now() - $2::interval WHERE key = $1`, [
        headers['idempotency-key'],
        interval,
      ]);
    await age('23 hours 59 minutes');
    expect(await post('/v1/orders', { amount: 6000 }, headers)).toMatchObject({
      status: 400,
      body: { error: { field: 'Idempotency-Key' } },
    });
    await age('24 hours 1 minute');
    // A new request may use it: nothing of the first is left.
    const reused = await post('/v1/orders', { amount: 6000 }, headers);
    expect(reused.status).toBe(201);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    await age('25 hours');
    expect(await gateway.app.get(IdempotencyStore).sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(
      await rows('SELECT key FROM idempotency_keys WHERE key = $1', [headers['idempotency-key']]),
    ).toEqual([]);
  });

  it('keeps the answer of a request whose client hung up before it came', async () => {
    const headers = { 'idempotency-key': freshKey() };
    const client = new AbortController();
    const hungUp = fetch(`${replica.url}/v1/orders`, {
      method: 'POST',
      headers: {
        ...headers,
        authorization: basic(key.id, key.secret),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ amount: 5000, delay_ms: 600 }),
      signal: client.signal,
    }).catch((error: Error) => error);
    setTimeout(() => client.abort(), 200);
    expect(await hungUp).toMatchObject({ name: 'AbortError' });
    await waitFor(
      async () =>
        (
          await rows(`SELECT state FROM idempotency_keys WHERE key = $1 AND state = 'done'`, [
            headers['idempotency-key'],
          ])
        ).length > 0,
      'the answer to be kept',
    );
    expect(await post('/v1/orders', { amount: 5000, delay_ms: 600 }, headers)).toMatchObject({
      status: 201,
      headers: { 'idempotent-replayed': 'true' },
    });
  });

  it("applies a key to the gateway's own POSTs too: one clock advance", async () => {
    const headers = { 'idempotency-key': freshKey() };
    const first = await post('/v1/simulator/clock/advance', { seconds: 3600 }, headers);
    expect(first.status).toBe(200);
    expect(await post('/v1/simulator/clock/advance', { seconds: 3600 }, headers)).toMatchObject({
      status: 200,
      headers: { 'idempotent-replayed': 'true' },
      body: first.body,
    });
    expect(
      await rows('SELECT offset_seconds::int AS offset FROM test_clocks WHERE account_id = $1', [
        key.accountId,
      ]),
    ).toEqual([{ offset: 3600 }]);
  });

  it('takes over a claim left in flight by a gateway that died, once it is older than any live request', async () => {
    const headers = { 'idempotency-key': freshKey() };
    const claimLeftAt = async (interval: string) =>
      rows(
        `INSERT INTO idempotency_keys (account_id, mode, namespace, key, request_hash, claim_id, claimed_at) VALUES ($1, 'test', 'api', $2, '\\x00', gen_random_uuid(), now() - $3::interval)
         ON CONFLICT (account_id, mode, namespace, key) DO UPDATE SET claimed_at = EXCLUDED.claimed_at, state = 'in_flight'`,
        [key.accountId, headers['idempotency-key'], interval],
      );
    await claimLeftAt('10 seconds');
    expect(await post('/v1/orders', { amount: 5000 }, headers)).toMatchObject({ status: 409 });
    await claimLeftAt('2 minutes');
    const takenOver = await post('/v1/orders', { amount: 5000 }, headers);
    expect(takenOver.status).toBe(201);
    expect(await post('/v1/orders', { amount: 5000 }, headers)).toMatchObject({
      status: 201,
      headers: { 'idempotent-replayed': 'true' },
      body: takenOver.body,
    });
  });

  it('takes over sooner a claim whose gateway process is gone (its lock released), never one whose gateway lives', async () => {
    const headers = { 'idempotency-key': freshKey() };
    const alive = new Client({ connectionString: gateway.databaseUrl });
    await alive.connect();
    try {
      const liveHolder = '4242424242';
      await alive.query('SELECT pg_advisory_lock($1::bigint)', [liveHolder]);
      const claimHeldBy = (holder: string) =>
        rows(
          `INSERT INTO idempotency_keys (account_id, mode, namespace, key, request_hash, claim_id, claimed_at, holder) VALUES ($1, 'test', 'api', $2, '\\x00', gen_random_uuid(), now() - interval '15 seconds', $3)
           ON CONFLICT (account_id, mode, namespace, key) DO UPDATE SET claimed_at = EXCLUDED.claimed_at, holder = EXCLUDED.holder, state = 'in_flight'`,
          [key.accountId, headers['idempotency-key'], holder],
        );
      await claimHeldBy(liveHolder);
      expect(await post('/v1/orders', { amount: 5000 }, headers)).toMatchObject({ status: 409 }); // its gateway may still answer
      await claimHeldBy('4343434343'); // a process that died: nobody holds its lock
      expect(await post('/v1/orders', { amount: 5000 }, headers)).toMatchObject({ status: 201 });
    } finally {
      await alive.end();
    }
  });

  it('keeps the answer when PostgreSQL drops the connection that was storing it: the retry gets the answer, not 409', async () => {
    const headers = { 'idempotency-key': freshKey() };
    const locker = new Client({ connectionString: gateway.databaseUrl });
    await locker.connect();
    try {
      const first = post('/v1/orders', { amount: 5000, delay_ms: 500 }, headers);
      // While the upstream answers, hold the key's row so the gateway's write of the answer waits…
      await waitFor(
        async () =>
          (
            await rows('SELECT 1 FROM idempotency_keys WHERE account_id = $1 AND key = $2', [
              key.accountId,
              headers['idempotency-key'],
            ])
          ).length === 1,
        'the claim',
      );
      await locker.query('BEGIN');
      await locker.query(
        'SELECT 1 FROM idempotency_keys WHERE account_id = $1 AND key = $2 FOR UPDATE',
        [key.accountId, headers['idempotency-key']],
      );
      // …then PostgreSQL drops that waiting connection, as a restart would.
      const [blocked] = await waitFor(async () => {
        const found = await rows(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'UPDATE idempotency_keys%'",
          [],
        );
        return found.length > 0 ? found : null;
      }, 'the answer waiting for the row');
      await rows('SELECT pg_terminate_backend($1)', [blocked['pid']]);
      const answered = await first;
      expect(answered.status).toBe(201);
      await locker.query('ROLLBACK');
      await waitFor(
        async () =>
          (
            await rows(
              "SELECT state FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND state = 'done'",
              [key.accountId, headers['idempotency-key']],
            )
          ).length === 1,
        'the answer kept once PostgreSQL is back',
        10_000,
      );
      expect(await post('/v1/orders', { amount: 5000, delay_ms: 500 }, headers)).toMatchObject({
        status: 201,
        headers: { 'idempotent-replayed': 'true' },
        body: answered.body,
      });
    } finally {
      await locker.end();
    }
  });
});

import 'reflect-metadata';
import { ContextHeaders } from '@platform/http';
import { TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { Client } from 'pg';
import { startBilling } from './billing.kit';

const INTERNAL_HEADERS = {
  [ContextHeaders.internalToken]: TEST_INTERNAL_TOKEN,
  [ContextHeaders.accountId]: 'acc_TestAccount0001',
  [ContextHeaders.mode]: 'test',
  'content-type': 'application/json',
};

/**
 * PostgreSQL dropping a connection in the middle of a request (a restart, a failover,
 * `pg_terminate_backend`) is an outage to retry, not a fault: 503 with Retry-After, and the service
 * lives on to answer the next request.
 */
describe('billing when PostgreSQL drops its connection', () => {
  let billing: ServiceUnderTest;
  let admin: Client;

  beforeAll(async () => {
    billing = await startBilling();
    admin = new Client({ connectionString: billing.databaseUrl });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await billing.close();
  });

  const create = (email: string) =>
    billing.call({ method: 'POST', url: '/v1/customers', body: { name: 'Ravi', email } });

  it('answers 503 with Retry-After in the envelope, then serves again', async () => {
    const locker = new Client({ connectionString: billing.databaseUrl });
    await locker.connect();
    await locker.query('BEGIN; LOCK TABLE customers IN ACCESS EXCLUSIVE MODE');
    const blocked = billing.app.inject({
      method: 'POST',
      url: '/v1/customers',
      headers: INTERNAL_HEADERS,
      payload: JSON.stringify({ name: 'Ravi', email: 'ravi.blocked@example.com' }),
    });
    let pids: number[] = [];
    for (let i = 0; i < 100 && pids.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      pids = (
        await admin.query<{ pid: number }>(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )
      ).rows.map((row) => row.pid);
    }
    expect(pids.length).toBeGreaterThan(0);
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    const answer = await blocked;
    await locker.query('ROLLBACK');
    await locker.end();

    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { code: 'SERVER_ERROR', reason: 'service_unavailable' },
    });
    expect((await create('ravi.after@example.com')).status).toBe(200);
    expect((await create('ravi.blocked@example.com')).status).toBe(200); // the first one left nothing behind
  });
});

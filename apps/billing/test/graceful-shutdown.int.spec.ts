import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker, TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import { createTestDatabase, waitFor } from '@platform/testing-core';
import type { TestDatabase } from '@platform/testing-core';
import { Pool } from 'undici';

const ROOT = join(__dirname, '..', '..', '..');
const DRAIN_MS = 500;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The real process, as Kubernetes stops it: SIGTERM while keep-alive clients keep sending. */
describe('billing stopped with SIGTERM under keep-alive traffic', () => {
  let broker: RunningBroker;
  let database: TestDatabase;

  beforeAll(async () => {
    broker = await startTestBroker();
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await broker.stop();
    await database.drop();
  });

  it('stops being ready, answers every request it took in the envelope, closes its connections and exits 0 soon after the drain delay', async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      SWC_NODE_PROJECT: 'tsconfig.base.json',
      PORT: String(port),
      DATABASE_URL: database.url,
      KAFKA_BROKERS: broker.brokers.join(','),
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_MS),
    };
    const child = spawn(
      process.execPath,
      ['-r', '@swc-node/register', 'apps/billing/src/main.ts'],
      { cwd: ROOT, env, stdio: 'ignore' },
    );
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 4, keepAliveTimeout: 60_000 });
    try {
      for (let ready = false; !ready; await new Promise((resolve) => setTimeout(resolve, 200))) {
        ready = await pool.request({ method: 'GET', path: '/health/ready' }).then(
          async (r) => (await r.body.dump(), r.statusCode === 200),
          () => false,
        );
      }
      const headers = {
        'x-internal-token': TEST_INTERNAL_TOKEN,
        'x-account-id': 'acc_TestAccount0001',
        'x-mode': 'test',
        'x-key-id': 'rzp_test_TestKey0000001',
        'content-type': 'application/json',
      };
      const answers: { status: number; body: string; connection: unknown }[] = [];
      const refused: string[] = [];
      let sending = true;
      const client = async (n: number) => {
        for (let i = 0; sending; i++) {
          try {
            const body = JSON.stringify({
              name: `Client ${n}`,
              email: `c${n}.${i}.${Date.now()}@example.com`,
            });
            const response = await pool.request({
              method: 'POST',
              path: '/v1/customers',
              headers,
              body,
            });
            answers.push({
              status: response.statusCode,
              body: await response.body.text(),
              connection: response.headers['connection'],
            });
          } catch (error) {
            refused.push((error as { code?: string }).code ?? String(error));
          }
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      };
      const clients = [0, 1, 2, 3].map(client);
      // Traffic flowing first, however slow the machine: some answers before the signal.
      await waitFor(() => answers.length >= 8, 'answers before the signal', 20_000);
      const beforeSignal = answers.length;
      const signalledAt = Date.now();
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS / 2));
      const duringDrain = await pool.request({ method: 'GET', path: '/health/ready' });
      expect(duringDrain.statusCode).toBe(503);
      await duringDrain.body.dump();

      const code = await exited;
      const tookMs = Date.now() - signalledAt;
      sending = false;
      await Promise.all(clients);

      expect(code).toBe(0);
      expect(tookMs).toBeLessThan(DRAIN_MS + 10_000);
      // It went on answering the connections it had while it drained.
      expect(answers.length).toBeGreaterThan(beforeSignal);
      // Every request it took was answered normally, never with Fastify's bare 503 of a closing server.
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      expect(answers.some((a) => a.connection === 'close')).toBe(true);
      // Once it stopped listening, new connections are refused, which a client (the gateway) retries.
      // HTTP/1.1 keeps one race: a request sent on an idle keep-alive connection just as the server
      // closes it is reset, unanswered (so unapplied); the gateway resends only what is safe to resend.
      expect(refused.filter((code) => code !== 'ECONNREFUSED' && code !== 'ECONNRESET')).toEqual(
        [],
      );
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await pool.close();
    }
  }, 90_000);
});

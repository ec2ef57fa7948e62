import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startQuietOwner, TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import { createTestDatabase, freePort } from '@platform/testing-core';

const ROOT = join(__dirname, '..', '..', '..');
const READY_WITHIN_MS = 45_000;
const STOP_WITHIN_MS = 10_000;

export interface SettlementsService {
  url: string;
  close(): Promise<void>;
}

/**
 * The real settlements service behind the admin API, run from its source in a child process: the
 * gateway may not import another service's code. It gets a fresh database and the test's broker.
 */
export async function startSettlementsService(broker: RunningBroker): Promise<SettlementsService> {
  const database = await createTestDatabase();
  // Payments, which settlements catches up on, runs nowhere here: its events come through the broker.
  const payments = await startQuietOwner();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    ['-r', '@swc-node/register', 'apps/settlements/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        SWC_NODE_PROJECT: 'tsconfig.base.json',
        PORT: String(port),
        DATABASE_URL: database.url,
        KAFKA_BROKERS: broker.brokers.join(','),
        INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
        PAYMENTS_URL: payments.url,
        LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WITHIN_MS);
      await exited;
      clearTimeout(timer);
    }
    await database.drop();
    await payments.close();
  };
  try {
    await untilReady(
      url,
      () => child.exitCode !== null,
      () => output,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, close: stop };
}

async function untilReady(url: string, exited: () => boolean, output: () => string): Promise<void> {
  for (
    const deadline = Date.now() + READY_WITHIN_MS;
    Date.now() < deadline;
    await new Promise((resolve) => setTimeout(resolve, 200))
  ) {
    if (exited()) throw new Error(`the settlements service exited while starting:\n${output()}`);
    const ready = await fetch(`${url}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
  }
  throw new Error(
    `the settlements service was not ready within ${READY_WITHIN_MS / 1000} s:\n${output()}`,
  );
}

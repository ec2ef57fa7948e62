import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  consumeAtLeast,
  kafkaClient,
  quickConsumer,
  startedConsumer,
  stopStartedConsumers,
  uniqueName,
} from './support/kafka-test-kit';
import { freePort } from '@platform/testing-core';

const ROOT = join(__dirname, '../../..');
const CLI = join(__dirname, '../src/cli.ts');

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Spawns a command and resolves once its standard output contains `ready`. */
async function startUntil(command: string, args: string[], ready: string): Promise<Started> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const deadline = Date.now() + 30000;
  while (!output.includes(ready)) {
    if (child.exitCode !== null) throw new Error(`exited early with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no "${ready}" within 30 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, output: () => output, exited };
}

describe('the standalone broker', () => {
  const started: Started[] = [];
  afterEach(async () => {
    await stopStartedConsumers();
    for (const { child } of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('prints its address once it accepts connections and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const broker = await startUntil(
      'npm',
      ['run', '--silent', 'broker', '--', '--port', String(port)],
      'listening on',
    );
    started.push(broker);
    expect(broker.output()).toContain(`Kafka broker listening on 127.0.0.1:${port}`);
    const admin = kafkaClient([`127.0.0.1:${port}`]).admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'cli-check' }] });
    await admin.disconnect();
    broker.child.kill('SIGTERM');
    expect(await broker.exited).toBe(0);
  });

  it('refuses bad flags with the usage text and a non-zero exit', async () => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', CLI, '--port', 'abc'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('--port must be an integer');
    expect(stderr).toContain('Usage: npm run broker');
  });

  it('keeps every acknowledged message when the process is killed with SIGKILL', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'embedded-kafka-cli-'));
    const port = await freePort();
    const args = [
      '-r',
      '@swc-node/register',
      CLI,
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--log-level',
      'warn',
    ];
    const first = await startUntil(process.execPath, args, 'listening on');
    started.push(first);
    const kafka = kafkaClient([`127.0.0.1:${port}`]);
    const producer = kafka.producer();
    await producer.connect();
    const topic = uniqueName('crash');
    for (let i = 0; i < 10; i++) {
      await producer.send({
        topic,
        acks: -1,
        messages: Array.from({ length: 10 }, (_, j) => ({ value: `m${i * 10 + j}` })),
      });
    }
    first.child.kill('SIGKILL');
    await first.exited;
    await producer.disconnect().catch(() => undefined);

    const second = await startUntil(process.execPath, args, 'listening on');
    started.push(second);
    // The standalone broker keeps Kafka's minimum session timeout of 6 s.
    const consumer = startedConsumer(
      kafkaClient([`127.0.0.1:${port}`]),
      quickConsumer(uniqueName('after-crash'), { sessionTimeout: 6000 }),
    );
    await consumer.connect();
    const received = await consumeAtLeast(consumer, topic, 100);
    expect(received.map((m) => m.value)).toEqual(Array.from({ length: 100 }, (_, i) => `m${i}`));
    await consumer.disconnect();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });
});

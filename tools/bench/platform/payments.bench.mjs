#!/usr/bin/env node
// The `payments` bench section: test-mode checkout through our gateway, the platform as `npm start`
// runs it (gateway and services as separate processes, one embedded PostgreSQL cluster), and the same
// through a baseline of the same shape: the customers section's bare Fastify gateway and service, as
// separate processes on the same cluster, whose payment routes (baseline-payments.mjs) do the least a
// payment and a capture must (read, append two streams at expected versions, upsert both read models,
// outbox rows, one transaction each). One iteration is POST /v1/simulator/payments for an order of its
// own, then POST /v1/payments/:id/capture of the payment that answer names; each autocannon connection
// runs that sequence in a loop. Orders are seeded ahead, untimed, through each side's POST /v1/orders.
//
// Ours and the baseline take turns, run by run, as in the customers section (and for its reasons):
// the platform is paused while the baseline runs, each side first gets a warm-up under the same load,
// and the ratio is the median of the turns' ratios. Prints iterations/s, p50 and p99 of the iteration
// and of each of its requests, CPU per iteration of every process, and the ratio of our iterations to
// our POST /v1/customers of the same run.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { startBaseline } from './baseline-run.mjs';
import { customerBody, startPostgres } from './bench-support.mjs';
import { formatRow, measure } from './load.mjs';
import { median, medianOf, medianRun, RUNS, SERVICES, withPlatform } from './platform-run.mjs';
import { formatCpu, startCpuCount } from './process-cpu.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const CONNECTIONS = 50;
/** Before each run (discarded). */
const RUN_WARMUP_SECONDS = 2;
/** Before a side's turns (printed, not counted), as in the customers section. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 30);
/** Ours/baseline, the median of the turns' ratios, with the consumers running as in production. */
const TARGET = 0.7;
/** The untimed probe that gives each side's first rate: this many orders, this many seconds. */
const PROBE = { orders: 1500, seconds: 2 };
/** Orders seeded before a run per order the side's best rate so far says the run would use. */
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
 * of the run's whole seconds, as autocannon's req/s in `measure`; CPU is counted per process over the
 * run, divided by the completed iterations.
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
  const cpu = startCpuCount();
  running.instance = autocannon({
    url: baseUrl,
    headers: { authorization, 'content-type': 'application/json' },
    connections: CONNECTIONS,
    duration: durationSeconds,
    requests: [paymentRequest, captureRequest],
  });
  const result = await running.instance;
  const completed = stats.capture.done.length;
  const cpuPerIteration = cpu.perRequest(completed);
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
      completed,
    },
    // CPU per completed iteration of each process group over the run.
    cpu: cpuPerIteration,
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

/**
 * One side of the comparison: where it answers, its orders, how a run of it is kept apart from the
 * other side (`isolate`), the best iterations/s it has shown (which sizes its seeding) and the time
 * its seeding took.
 */
function sideOf(name, { baseUrl, authorization }, isolate) {
  return {
    name,
    baseUrl,
    authorization,
    isolate,
    pool: new OrderPool(),
    rate: 0,
    seedingSeconds: 0,
  };
}

async function seed(side, count) {
  const started = performance.now();
  await seedOrders(side.baseUrl, side.authorization, side.pool, count);
  side.seedingSeconds += (performance.now() - started) / 1000;
}

/** The side's first rate, from a short run on PROBE.orders orders (out of orders, at least what it got through). */
async function probe(side, settled) {
  await seed(side, PROBE.orders);
  await settled();
  const run = await side.isolate(() => runSequence({ ...side, durationSeconds: PROBE.seconds }));
  if (run.iteration.completed === 0)
    throw new Error(
      `${side.name}: the probe completed no payment (${run.iteration.non2xx} non-2xx, ${run.iteration.errors} errors)${run.failures.map(([request, failure]) => `; first failed ${request}: ${failure}`).join('')}`,
    );
  side.rate = Math.max(
    run.iteration.completed / PROBE.seconds,
    run.exhausted ? PROBE.orders / PROBE.seconds : 0,
  );
}

/**
 * One turn of a side: orders topped up for it (untimed), the pipeline settled, then `warmupSeconds`
 * (discarded) and the timed run, isolated. A run that ran out of orders is an error.
 */
async function turn(
  side,
  settled,
  { durationSeconds = SECONDS, warmupSeconds = RUN_WARMUP_SECONDS } = {},
) {
  const needed =
    Math.ceil(side.rate * (warmupSeconds + durationSeconds) * SEED_MARGIN) + 2 * CONNECTIONS;
  await seed(side, Math.max(0, needed - side.pool.unused));
  await settled();
  const [warmup, run] = await side.isolate(async () => [
    warmupSeconds > 0
      ? await runSequence({ ...side, durationSeconds: warmupSeconds })
      : { exhausted: false },
    await runSequence({ ...side, durationSeconds }),
  ]);
  if (warmup.exhausted || run.exhausted)
    throw new Error(
      `${side.name}: a run used up its orders (${side.pool.ids.length} seeded, sized by ${Math.round(side.rate)} iterations/s)`,
    );
  side.rate = Math.max(side.rate, run.iteration.completed / durationSeconds);
  return run;
}

/** The reference of the customers section, ours only: POST /v1/customers, median of RUNS runs. */
async function measureCreates({ baseUrl, authorization, settled }) {
  await settled();
  let runs = 0;
  return medianOf(() => {
    const run = ++runs;
    return measure({
      url: baseUrl,
      method: 'POST',
      path: '/v1/customers',
      headers: { authorization, 'content-type': 'application/json' },
      bodies: (i) => customerBody(run * 1_000_000 + i),
      connections: CONNECTIONS,
      durationSeconds: SECONDS,
      warmupSeconds: RUN_WARMUP_SECONDS,
    });
  });
}

/** The table header of load.mjs, with the columns this section fills. */
function header() {
  const widths = [34, 10, 9, 9, 10];
  const [label, ...rest] = ['', 'per s', 'p50 ms', 'p99 ms', 'vs base'];
  return label.padEnd(widths[0]) + rest.map((text, k) => text.padStart(widths[k + 1])).join('');
}

const iterationRate = (run) => run.iteration.requestsPerSecond;

/** What went wrong in a run, if anything: failed answers, captures not captured, dropped connections. */
function problems(name, run) {
  const lines = [];
  if (run.iteration.non2xx || run.notCaptured || run.iteration.errors || run.resets)
    lines.push(
      `${name}: non-2xx simulator ${run.pay.non2xx}, capture ${run.capture.non2xx}; captures not 'captured' ${run.notCaptured}; connection errors ${run.iteration.errors} (timeouts ${run.timeouts}); sequence restarts ${run.resets}`,
    );
  for (const [request, failure] of run.failures)
    lines.push(`${name}: first failed ${request} answer: ${failure}`);
  return lines;
}

const postgres = await startPostgres([...SERVICES, 'baseline']);
const baseline = await startBaseline(postgres);
try {
  await withPlatform(postgres, async (platform) => {
    const create = await measureCreates(platform);
    const ours = sideOf('ours', platform, (work) => work());
    const base = sideOf('baseline', baseline, platform.whilePaused);
    for (const side of [ours, base]) {
      await verifyIteration(side.baseUrl, side.authorization, side.pool);
      await probe(side, platform.settled);
    }
    // In runs of at most SECONDS, so the orders of each are sized by the rate the last one reached.
    const warmups = {};
    for (const side of [ours, base])
      for (let left = WARMUP_SECONDS; left > 0; left -= SECONDS)
        warmups[side.name] = await turn(side, platform.settled, {
          durationSeconds: Math.min(SECONDS, left),
          warmupSeconds: 0,
        });
    const turns = { ours: [], base: [] };
    for (let t = 0; t < RUNS; t++) {
      turns.ours.push(await turn(ours, platform.settled));
      turns.base.push(await turn(base, platform.settled));
    }

    const ratios = turns.ours.map((run, t) => iterationRate(run) / iterationRate(turns.base[t]));
    const ratio = median(ratios);
    const oursRun = medianRun(turns.ours, iterationRate);
    const baseRun = medianRun(turns.base, iterationRate);
    const toCreates = median(turns.ours.map(iterationRate)) / create.requestsPerSecond;
    console.log(
      `  ${RUNS} turns of ${SECONDS} s each (each after a ${RUN_WARMUP_SECONDS} s warm-up), ours and the baseline alternating; ${CONNECTIONS} connections; service logs at ${process.env.BENCH_LOG_LEVEL || 'info'}`,
    );
    if (WARMUP_SECONDS > 0)
      console.log(
        `  before the turns, each side warmed up for ${WARMUP_SECONDS} s (not counted; its last ${warmups.ours.seconds} s: ours ${Math.round(iterationRate(warmups.ours))}, baseline ${Math.round(iterationRate(warmups.baseline))} iterations/s)`,
      );
    console.log(
      `  one iteration: POST /v1/simulator/payments (card, an order of its own) then POST /v1/payments/:id/capture; per s = completed per second`,
    );
    console.log(
      `  figures of the median turn of each side; ours/baseline is the median of the turns' ratios`,
    );
    console.log(`  ${header()}`);
    for (const [label, run, turnRatio] of [
      ['payment + capture, ours', oursRun, ratio],
      ['payment + capture, baseline', baseRun],
    ]) {
      console.log(`  ${formatRow(label, run.iteration, undefined, turnRatio)}`);
      console.log(`  ${formatRow('  POST /v1/simulator/payments', run.pay)}`);
      console.log(`  ${formatRow('  POST /v1/payments/:id/capture', run.capture)}`);
    }
    console.log(`  ${formatRow('POST /v1/customers, ours', create)}`);
    console.log(
      `  runs, payment + capture: ours ${oursRun.runs.join(' / ')}, baseline ${baseRun.runs.join(' / ')} /s; ratios ${ratios.map((r) => r.toFixed(2)).join(' / ')}`,
    );
    console.log(`  runs, POST /v1/customers (ours): ${create.runs.join(' / ')} req/s`);
    console.log('  CPU per iteration in the median turn, all processes:');
    console.log(`    ours      ${formatCpu(oursRun.cpu)}`);
    console.log(`    baseline  ${formatCpu(baseRun.cpu)}`);
    for (const [name, runs] of [
      ['ours', turns.ours],
      ['baseline', turns.base],
    ])
      for (const run of runs) for (const line of problems(name, run)) console.log(`  ${line}`);
    for (const side of [ours, base])
      console.log(
        `  orders, ${side.name} (untimed): ${side.pool.ids.length} seeded in ${side.seedingSeconds.toFixed(1)} s, ${side.pool.next} used`,
      );
    console.log(
      `  payment + capture: ${ratio.toFixed(2)}× baseline (target ≥ ${TARGET}×) → ${ratio >= TARGET ? 'meets the target' : 'below the target'}; ours ${toCreates.toFixed(2)}× our POST /v1/customers of this run`,
    );
  });
} finally {
  await baseline.stop();
  await postgres.stop();
}

#!/usr/bin/env node
// The `webhooks` bench section. Figures printed, never asserted:
//  1. Deliveries per second to one fast receiver on localhost: EVENTS payment.captured events of one
//     account on the dev broker, delivered by the webhooks service (its own process, as deployed) to a
//     webhook subscribed to them; the rate from the first delivery received to the last. Turns with and
//     without a dead endpoint (a second webhook of the account, on a port nobody listens on) alternate,
//     RUNS each; the ratio says what the dead endpoint costs the healthy one.
//     Then the service's own latency: events published one at a time at RATE/s, publish → received.
//  2. Capture → webhook received and capture → ledger posting, through the whole platform (`npm
//     start`'s processes): CAPTURES captures at each of LATENCY_RATES per second, each one's latency
//     from payments recording the capture (its event's recorded_at) to its payment.captured arriving
//     at the receiver and to settlements' ledger consumer taking it, split by stage (the relay's
//     publishing, webhooks' intake, the dispatcher's claim, the POST), and as the integrator sees it
//     (from sending the capture); the dead endpoint configured throughout. BENCH_LINGERS=100,20 runs
//     a platform per relay linger (OUTBOX_MAX_LINGER_MS) instead of one with the default.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { CAPTURES_AS_PUBLISHED, startPostgres } from './bench-support.mjs';
import { median, RUNS, SERVICES, withPlatform } from './platform-run.mjs';
import { startCpuCount } from './process-cpu.mjs';
import {
  authorizedPayments,
  BENCH_INTERNAL_TOKEN,
  buildServices,
  captureAtRate,
  capturedEvent,
  fmt,
  produce,
  quantile,
  startBrokerProcess,
  startServiceProcess,
} from './service-bench.mjs';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS) || 10_000;
const RATE = Number(process.env.BENCH_CAPTURE_RATE) || 200;
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
/** Which parts to run (all by default), e.g. BENCH_PARTS=service-latency,latency. */
const PARTS = new Set((process.env.BENCH_PARTS || 'throughput,service-latency,latency').split(','));
/** Nothing listens there: every attempt is refused at once. */
const DEAD_URL = 'http://127.0.0.1:1/webhooks';

/** A receiver on localhost that answers 200 at once and notes when each event arrived. */
async function startReceiver(onEvent) {
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      response.writeHead(200).end();
      onEvent(JSON.parse(Buffer.concat(chunks).toString('utf8')), performance.now());
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/webhooks`,
    close: () => new Promise((resolve) => (server.close(resolve), server.closeAllConnections())),
  };
}

async function createWebhook(serviceUrl, headers, url) {
  const response = await fetch(`${serviceUrl}/v1/webhooks`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ url, events: ['payment.captured'], secret: 'bench-secret' }),
  });
  if (response.status !== 200)
    throw new Error(`creating a webhook answered ${response.status}: ${await response.text()}`);
}

/** One turn: a new account, its webhook (and the dead one), EVENTS events; deliveries per second to the receiver. */
async function deliveryRate(service, broker, withDeadEndpoint) {
  const accountId = `acc_Bench${randomUUID().replace(/-/g, '').slice(0, 9)}`;
  const headers = {
    'x-internal-token': BENCH_INTERNAL_TOKEN,
    'x-account-id': accountId,
    'x-mode': 'test',
  };
  let first = null;
  let last = null;
  let received = 0;
  let finished;
  const done = new Promise((resolve) => (finished = resolve));
  const receiver = await startReceiver((_, at) => {
    first ??= at;
    last = at;
    if (++received === EVENTS) finished();
  });
  await createWebhook(service.url, headers, receiver.url);
  if (withDeadEndpoint) await createWebhook(service.url, headers, DEAD_URL);
  const now = Math.floor(Date.now() / 1000);
  const cpu = startCpuCount();
  await produce(
    broker.brokers,
    'payments.payment',
    Array.from({ length: EVENTS }, () => capturedEvent(accountId, 50000, now)),
  );
  const timeout = setTimeout(() => finished(), 600_000);
  await done;
  clearTimeout(timeout);
  await receiver.close();
  if (received < EVENTS)
    throw new Error(`only ${received} of ${EVENTS} deliveries arrived within 600 s`);
  return { rate: ((EVENTS - 1) * 1000) / (last - first), cpu: cpu.perRequest(EVENTS) };
}

/** The webhooks service as its own process, on a dev broker of its own, for `work(service, broker)`. */
async function withWebhooksAlone(postgres, work) {
  const broker = await startBrokerProcess();
  const service = await startServiceProcess('webhooks', {
    DATABASE_URL: postgres.url('webhooks'),
    KAFKA_BROKERS: broker.brokers,
    WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  });
  try {
    await work(service, broker);
  } finally {
    await service.stop();
    await broker.stop();
  }
}

async function throughput(service, broker) {
  console.log(
    `\n### deliveries per second to one fast receiver: ${fmt(EVENTS)} payment.captured events a turn, ${RUNS} turns with and without a dead endpoint beside it`,
  );
  const turns = [];
  for (let run = 1; run <= RUNS; run++) {
    // Which goes first alternates, so the machine's drift within a turn does not side with one.
    let clean;
    let dead;
    if (run % 2 === 1) {
      clean = await deliveryRate(service, broker, false);
      dead = await deliveryRate(service, broker, true);
    } else {
      dead = await deliveryRate(service, broker, true);
      clean = await deliveryRate(service, broker, false);
    }
    turns.push({ clean: clean.rate, dead: dead.rate, ratio: dead.rate / clean.rate });
    const cpu = (groups) => groups.map(({ group, micros }) => `${group} ${micros}`).join(', ');
    console.log(
      `turn ${run}: ${fmt(clean.rate)} deliveries/s alone, ${fmt(dead.rate)} with a dead endpoint beside it (${(dead.rate / clean.rate).toFixed(2)}×); CPU per event (µs): alone ${cpu(clean.cpu)}; with the dead endpoint ${cpu(dead.cpu)}`,
    );
  }
  console.log(
    `deliveries to one fast receiver: ${fmt(median(turns.map((t) => t.clean)))}/s alone, ${fmt(median(turns.map((t) => t.dead)))}/s with a dead endpoint configured; ratio (median of turns) ${median(turns.map((t) => t.ratio)).toFixed(2)}× (target ≥ 0.90×)`,
  );
}

/**
 * The webhooks service alone on an idle machine: one payment.captured published at a time, RATE a
 * second for SECONDS, each one's latency from its publishing (the send, acks from all replicas) to its delivery received.
 * Against the figure through the platform, it says what the service adds and what a busy machine does.
 */
async function serviceLatency(service, broker) {
  console.log(
    `\n### published → webhook received, the webhooks service alone: ${RATE} events/s for ${SECONDS} s, published one at a time, a dead endpoint beside the receiver`,
  );
  const accountId = `acc_Bench${randomUUID().replace(/-/g, '').slice(0, 9)}`;
  const headers = {
    'x-internal-token': BENCH_INTERNAL_TOKEN,
    'x-account-id': accountId,
    'x-mode': 'test',
  };
  const publishedAt = new Map();
  const latencies = [];
  const receiver = await startReceiver((body, at) =>
    latencies.push(at - publishedAt.get(body.payload.payment.entity.id)),
  );
  await createWebhook(service.url, headers, receiver.url);
  await createWebhook(service.url, headers, DEAD_URL);
  const producer = new Kafka({ brokers: [broker.brokers], logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  try {
    const started = performance.now();
    for (let i = 0; i < RATE * SECONDS; i++) {
      const wait = started + (i * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const event = capturedEvent(accountId, 50000, Math.floor(Date.now() / 1000));
      publishedAt.set(event.data.payment.id, performance.now());
      await producer.send({
        topic: 'payments.payment',
        acks: -1,
        messages: [{ key: event.stream_id, value: JSON.stringify(event) }],
      });
    }
    for (
      const deadline = Date.now() + 30_000;
      latencies.length < RATE * SECONDS && Date.now() < deadline;
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
  } finally {
    await producer.disconnect();
    await receiver.close();
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `published → received: p50 ${quantile(latencies, 0.5).toFixed(0)} ms, p95 ${quantile(latencies, 0.95).toFixed(0)} ms, p99 ${quantile(latencies, 0.99).toFixed(0)} ms, max ${latencies.at(-1).toFixed(0)} ms over ${fmt(latencies.length)} of ${fmt(RATE * SECONDS)} events`,
  );
}

/** Capture rates of the latency runs, and captures per rate. */
const LATENCY_RATES = (process.env.BENCH_LATENCY_RATES ?? '100,200').split(',').map(Number);
const CAPTURES = Number(process.env.BENCH_CAPTURES) || 1500;
/** Relay lingers to compare (OUTBOX_MAX_LINGER_MS), a platform each; none given: the services' default. */
const LINGERS = (process.env.BENCH_LINGERS ?? '').split(',').filter(Boolean).map(Number);

/** Rows of `sql` (its parameters `params`) as a map of `key` → `at` (ms since the epoch). */
async function timesOf(db, sql, params) {
  const { rows } = await db.query(sql, params);
  return new Map(rows.map((row) => [row.key, Number(row.at)]));
}

/** Polls `db` until `sql` ($1: the ids) counts `expected`, at most 120 s. */
async function untilCounted(db, sql, ids, expected) {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    if (Number((await db.query(sql, [ids])).rows[0].n) >= expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Capture → webhook received and capture → ledger posting, at each of LATENCY_RATES on one platform
 * (relays lingering at most `maxLingerMs` after a partial batch when given), CAPTURES captures each.
 * Every time but the receiver's comes from one PostgreSQL clock; the receiver's from this process's
 * wall clock, on the same machine.
 */
async function captureToWebhook(postgres, maxLingerMs) {
  const lingerNote =
    maxLingerMs === undefined
      ? "the relays' default linger"
      : `OUTBOX_MAX_LINGER_MS=${maxLingerMs}`;
  if (maxLingerMs === undefined) delete process.env.OUTBOX_MAX_LINGER_MS;
  else process.env.OUTBOX_MAX_LINGER_MS = String(maxLingerMs); // the launcher passes its environment on
  await withPlatform(postgres, async ({ baseUrl, authorization, settled }) => {
    const sentAt = new Map();
    const answeredAt = new Map();
    const arrivedAt = new Map();
    // Wall-clock milliseconds, to compare with the times PostgreSQL recorded.
    const wallClock = (at) => performance.timeOrigin + at;
    const receiver = await startReceiver((body, at) =>
      arrivedAt.set(body.payload.payment.entity.id, wallClock(at)),
    );
    const db = {};
    for (const name of ['payments', 'webhooks', 'settlements']) {
      db[name] = new pg.Client({ connectionString: postgres.url(name) });
      await db[name].connect();
    }
    try {
      let receiverWebhook;
      for (const url of [receiver.url, DEAD_URL]) {
        const created = await fetch(`${baseUrl}/v1/webhooks`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({ url, events: ['payment.captured'], secret: 'bench-secret' }),
        });
        if (created.status !== 200)
          throw new Error(`creating a webhook answered ${created.status}: ${await created.text()}`);
        receiverWebhook ??= (await created.json()).id;
      }
      const allAuthorized = await authorizedPayments(
        baseUrl,
        authorization,
        CAPTURES * LATENCY_RATES.length,
      );
      for (const [turn, rate] of LATENCY_RATES.entries()) {
        const authorized = allAuthorized.slice(turn * CAPTURES, (turn + 1) * CAPTURES);
        console.log(
          `\n### capture → webhook received and → ledger posting: ${fmt(CAPTURES)} captures at ${rate}/s through the gateway, a dead endpoint configured beside the receiver, ${lingerNote}`,
        );
        await settled();
        const cpu = startCpuCount();
        const { achieved, failures } = await captureAtRate(
          baseUrl,
          authorization,
          authorized,
          rate,
          50000,
          (id, at) => sentAt.set(id, wallClock(at)),
          (id, at) => answeredAt.set(id, wallClock(at)),
        );
        const expected = () => authorized.filter((id) => arrivedAt.has(id)).length;
        for (
          const deadline = Date.now() + 120_000;
          expected() < CAPTURES - failures.length && Date.now() < deadline;
        )
          await new Promise((resolve) => setTimeout(resolve, 100));
        const cpuPerCapture = cpu
          .perRequest(CAPTURES)
          .map(({ group, micros }) => `${group} ${micros}`)
          .join(', ');
        await settled(); // every outbox row marked published (a relay marks a batch with its next read)
        const captured = (await db.payments.query(CAPTURES_AS_PUBLISHED, [authorized])).rows;
        const recordedAt = new Map(captured.map((row) => [row.stream_id, Number(row.at)]));
        const publishedAt = new Map(
          captured.map((row) => [row.stream_id, Number(row.published_at)]),
        );
        const eventIds = captured.map((row) => row.event_id);
        const paymentOf = new Map(captured.map((row) => [row.event_id, row.stream_id]));
        const byPayment = (times) =>
          new Map([...times].map(([eventId, at]) => [paymentOf.get(eventId), at]));
        const LEDGER = `FROM inbox WHERE consumer = 'settlements.ledger-captures' AND message_id = ANY($1)`;
        await untilCounted(
          db.settlements,
          `SELECT count(*) AS n ${LEDGER}`,
          eventIds,
          eventIds.length,
        );
        const postedAt = byPayment(
          await timesOf(
            db.settlements,
            `SELECT message_id AS key, extract(epoch FROM processed_at) * 1000 AS at ${LEDGER}`,
            [eventIds],
          ),
        );
        const takenAt = byPayment(
          await timesOf(
            db.webhooks,
            `SELECT message_id AS key, extract(epoch FROM processed_at) * 1000 AS at FROM inbox WHERE consumer = 'webhooks.deliveries' AND message_id = ANY($1)`,
            [eventIds],
          ),
        );
        // The receiver's first attempts: when each was claimed (its time is the claim's, on the
        // account's clock, the real one here) and how long its request itself took; the rest of
        // claimed → received waited in the webhook's lane.
        const { rows: attempts } = await db.webhooks.query(
          `SELECT b.body::jsonb #>> '{payload,payment,entity,id}' AS payment_id, a.attempted_at, a.latency_ms
             FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id AND a.attempt = 1
             JOIN webhook_event_bodies b ON b.event_id = d.event_id
            WHERE d.webhook_id = $2 AND b.body::jsonb #>> '{payload,payment,entity,id}' = ANY($1)`,
          [authorized, receiverWebhook],
        );
        const claimedAt = new Map(attempts.map((a) => [a.payment_id, Number(a.attempted_at)]));
        const requestMs = attempts.map((a) => a.latency_ms).sort((x, y) => x - y);
        const arrived = authorized.filter((id) => arrivedAt.has(id));
        const spans = (from, to, ids = arrived) =>
          ids
            .map((id) => to.get(id) - from.get(id))
            .filter(Number.isFinite)
            .sort((a, b) => a - b);
        const figures = (values) =>
          `p50 ${quantile(values, 0.5).toFixed(0)} ms, p95 ${quantile(values, 0.95).toFixed(0)} ms, p99 ${quantile(values, 0.99).toFixed(0)} ms`;
        const recorded = spans(recordedAt, arrivedAt);
        console.log(
          `captures: ${fmt(achieved)}/s achieved, ${failures.length} failed; webhooks received: ${fmt(arrived.length)} of ${fmt(CAPTURES)}`,
        );
        console.log(
          `capture recorded (payments' recorded_at) → payment.captured received: ${figures(recorded)}, max ${recorded.at(-1).toFixed(0)} ms (target p99 ≤ 250 ms)`,
        );
        const posted = spans(recordedAt, postedAt, authorized);
        console.log(
          `capture recorded → ledger posting (settlements' inbox row): ${figures(posted)}, max ${posted.at(-1).toFixed(0)} ms (target p99 ≤ 100 ms at 100/s)`,
        );
        console.log(
          `  by stage: recorded → published to Kafka (payments' relay) ${figures(spans(recordedAt, publishedAt))}`,
        );
        console.log(
          `    published → taken in (broker, webhooks' consumer) ${figures(spans(publishedAt, takenAt))}`,
        );
        console.log(
          `    taken in → claimed (intake's commit, NOTIFY, dispatcher's claim) ${figures(spans(takenAt, claimedAt))}`,
        );
        console.log(
          `    claimed → received (the webhook's lane, then HTTP) ${figures(spans(claimedAt, arrivedAt))}; the request itself ${figures(requestMs)}`,
        );
        console.log(
          `    published → ledger posting (broker, settlements' consumer) ${figures(spans(publishedAt, postedAt, authorized))}`,
        );
        console.log(
          `  seen by the integrator: capture sent → webhook received ${figures(spans(sentAt, arrivedAt))}; the capture's own answer ${figures(spans(sentAt, answeredAt))}`,
        );
        console.log(`  CPU per capture (µs): ${cpuPerCapture}`);
      }
    } finally {
      for (const client of Object.values(db)) await client.end();
      await receiver.close();
    }
  });
}

buildServices();
const PLATFORMS = LINGERS.length > 0 ? LINGERS : [undefined];
const platformName = (linger) => `platform_${linger ?? 'default'}`;
const postgres = await startPostgres([
  'webhooks',
  ...PLATFORMS.flatMap((linger) => SERVICES.map((name) => `${platformName(linger)}_${name}`)),
]);
try {
  if (PARTS.has('throughput') || PARTS.has('service-latency'))
    await withWebhooksAlone(postgres, async (service, broker) => {
      if (PARTS.has('throughput')) await throughput(service, broker);
      if (PARTS.has('service-latency')) await serviceLatency(service, broker);
    });
  if (PARTS.has('latency'))
    for (const linger of PLATFORMS)
      await captureToWebhook(
        { url: (database) => postgres.url(`${platformName(linger)}_${database}`) },
        linger,
      );
} finally {
  await postgres.stop();
}

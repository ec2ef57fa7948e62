#!/usr/bin/env node
// The `consumers` bench section: what a consumer spends on an event it has no use for, against one
// that goes through its inbox. Figures printed, never asserted. For each consuming service (its own
// process, as deployed, on the dev broker and PostgreSQL):
//   - the service idle for SECONDS: its background work (outbox and job polling, heartbeats), which
//     the figures below are given net of as well as raw;
//   - each kind of event, RATE a second for SECONDS, published as payments' relay publishes them (a
//     send every 100 ms, its default linger), then BULK of them published at once (full chunks);
//   - per kind the service's CPU per event (µs), PostgreSQL's beside it, until the service's
//     consumer group has committed the last offset (and, for webhooks, the last delivery arrived).
//   The ratio skipped / through the inbox is printed per consumer, against the target of ≤ 50 µs.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Kafka, logLevel } from 'kafkajs';
import { startPostgres } from './bench-support.mjs';
import { startCpuCount } from './process-cpu.mjs';
import {
  BENCH_INTERNAL_TOKEN,
  buildServices,
  capturedEvent,
  fmt,
  produce,
  startBrokerProcess,
  startServiceProcess,
} from './service-bench.mjs';

const RATE = Number(process.env.BENCH_CAPTURE_RATE) || 200;
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const BULK = Number(process.env.BENCH_CONSUMER_BULK) || 5000;
const TOPIC = 'payments.payment';
/** Which consumers to measure (`BENCH_CONSUMERS=webhooks`): all three unless told. */
const MEASURED = (process.env.BENCH_CONSUMERS || 'billing,settlements,webhooks').split(',');

const accountId = () => `acc_Bench${randomUUID().replace(/-/g, '').slice(0, 9)}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** payments' `payment.authorized` of a payment: a type billing and settlements do not take. */
function authorizedEvent(account, now) {
  const event = capturedEvent(account, 50000, now);
  const payment = {
    ...event.data.payment,
    status: 'authorized',
    captured: false,
    fee: null,
    tax: null,
  };
  return { ...event, type: 'payment.authorized', stream_version: 1, data: { payment } };
}

/** A capture of `payment` changed by `change` (an order of its own, an invoice…). */
function captureWith(account, now, change) {
  const event = capturedEvent(account, 50000, now);
  return { ...event, data: { ...event.data, payment: { ...event.data.payment, ...change() } } };
}

const orderId = () => `order_${randomUUID().replace(/-/g, '').slice(0, 14)}`;

/** A receiver on localhost that answers 200 at once and counts what arrives. */
async function startReceiver() {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => (received++, response.writeHead(200).end()));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/webhooks`,
    received: () => received,
    close: () => new Promise((resolve) => (server.close(resolve), server.closeAllConnections())),
  };
}

/** Waits until `group` has committed every offset of the topic (and `also()` holds). */
async function consumed(admin, group, also = () => true) {
  for (const deadline = Date.now() + 300_000; Date.now() < deadline; await sleep(50)) {
    const end = (await admin.fetchTopicOffsets(TOPIC)).reduce((sum, p) => sum + Number(p.high), 0);
    const [{ partitions }] = await admin.fetchOffsets({ groupId: group, topics: [TOPIC] });
    const done = partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
    if (done >= end && also()) return;
  }
  throw new Error(`${group} did not consume ${TOPIC} within 300 s`);
}

/** CPU µs per event of the service and of PostgreSQL since `cpu` started. */
function perEvent(cpu, service, events) {
  const groups = cpu.perRequest(events);
  const of = (group) => groups.find((g) => g.group === group)?.micros ?? 0;
  return { service: of(service), postgres: of('postgresql') };
}

/**
 * `events` at RATE/s as payments' relay publishes them: what accumulated over its linger (100 ms by
 * default) in one send, acks from all replicas.
 */
async function publishAtRate(producer, events) {
  const perSend = Math.max(1, Math.round(RATE / 10));
  const started = performance.now();
  for (let i = 0; i < events.length; i += perSend) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    await producer.send({
      topic: TOPIC,
      acks: -1,
      messages: events
        .slice(i, i + perSend)
        .map((event) => ({ key: event.stream_id, value: JSON.stringify(event) })),
    });
  }
  return (performance.now() - started) / 1000;
}

/**
 * One consumer: idle, then each kind at RATE/s and in BULK. `kinds` are `{ label, make(now) →
 * event, received? }` (received: how many deliveries the kind's events must have caused).
 */
async function measureConsumer(name, env, kinds, setUp = async () => undefined) {
  // A broker of its own: the topic holds this consumer's events only.
  const broker = await startBrokerProcess();
  const kafka = new Kafka({ brokers: [broker.brokers], logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const service = await startServiceProcess(name, { ...env, KAFKA_BROKERS: broker.brokers });
  const producer = kafka.producer();
  await producer.connect();
  let context;
  try {
    context = await setUp(service);
    // Warm up: the consumer joined, its statements prepared, the JIT done with the paths measured.
    for (const kind of kinds) {
      const now = Math.floor(Date.now() / 1000);
      await produce(
        broker.brokers,
        TOPIC,
        Array.from({ length: 200 }, () => kind.make(now, context)),
      );
    }
    await consumed(admin, name);
    await sleep(1000);
    const idleCpu = startCpuCount();
    await sleep(SECONDS * 1000);
    const idlePerSecond = perEvent(idleCpu, name, SECONDS);
    console.log(
      `${name} idle: ${fmt(idlePerSecond.service)} µs of CPU a second (PostgreSQL ${fmt(idlePerSecond.postgres)})`,
    );
    const results = [];
    for (const kind of kinds) {
      for (const how of ['rate', 'bulk']) {
        const count = how === 'rate' ? RATE * SECONDS : BULK;
        const now = Math.floor(Date.now() / 1000);
        const events = Array.from({ length: count }, () => kind.make(now, context));
        const before = kind.received?.(context) ?? 0;
        const cpu = startCpuCount();
        const started = performance.now();
        if (how === 'rate') await publishAtRate(producer, events);
        else await produce(broker.brokers, TOPIC, events);
        await consumed(admin, name, () => (kind.received?.(context) ?? count) - before >= count);
        const seconds = (performance.now() - started) / 1000;
        const raw = perEvent(cpu, name, count);
        const net = Math.max(0, raw.service - (idlePerSecond.service * seconds) / count);
        results.push({ kind: kind.label, how, raw, net, count, seconds });
        console.log(
          `  ${kind.label}, ${how === 'rate' ? `${fmt(RATE)}/s for ${SECONDS} s, a send every 100 ms` : `${fmt(count)} at once`}: ${name} ${fmt(raw.service)} µs per event (${fmt(net)} net of idle), PostgreSQL ${fmt(raw.postgres)} µs`,
        );
        await sleep(1000);
      }
    }
    for (const how of ['rate', 'bulk']) {
      const skipped = results.find((r) => r.how === how && r.kind === kinds[0].label);
      const through = results.find((r) => r.how === how && r.kind === kinds.at(-1).label);
      console.log(
        `${name} (${how}): skipped ${fmt(skipped.net)} µs net (${fmt(skipped.raw.service)} raw) against ${fmt(through.net)} µs through the inbox: ${(skipped.net / Math.max(1, through.net)).toFixed(2)}× (target ≤ 50 µs for an event it has no use for)`,
      );
    }
  } finally {
    await context?.close?.();
    await producer.disconnect();
    await service.stop();
    await admin.disconnect();
    await broker.stop();
  }
}

buildServices();
const postgres = await startPostgres(['billing', 'webhooks', 'settlements']);
try {
  if (MEASURED.includes('billing')) await measureBilling();
  if (MEASURED.includes('settlements')) await measureSettlements();
  if (MEASURED.includes('webhooks')) await measureWebhooks();
} finally {
  await postgres.stop();
}

async function measureBilling() {
  console.log(
    `\n### billing: captures of plain orders and authorizations (skipped) against captures on an invoice (through the inbox: an invoice billing does not know, so a refused command)`,
  );
  const billingAccount = accountId();
  await measureConsumer('billing', { DATABASE_URL: postgres.url('billing') }, [
    {
      label: 'capture of a plain order (skipped)',
      make: (now) => captureWith(billingAccount, now, () => ({ order_id: orderId() })),
    },
    {
      label: 'payment.authorized (a type it does not take)',
      make: (now) => authorizedEvent(billingAccount, now),
    },
    {
      label: 'capture on an invoice (through the inbox)',
      make: (now) =>
        captureWith(billingAccount, now, () => ({
          order_id: orderId(),
          invoice_id: 'inv_BenchUnknown01',
        })),
    },
  ]);
}

async function measureSettlements() {
  console.log(
    `\n### settlements: authorizations (a type it does not take) against captures (posted to the ledger)`,
  );
  const ledgerAccount = accountId();
  await measureConsumer('settlements', { DATABASE_URL: postgres.url('settlements') }, [
    { label: 'payment.authorized (skipped)', make: (now) => authorizedEvent(ledgerAccount, now) },
    {
      label: 'capture (through the inbox)',
      make: (now) => capturedEvent(ledgerAccount, 50000, now),
    },
  ]);
}

async function measureWebhooks() {
  console.log(
    `\n### webhooks: captures of an account without a webhook (skipped, remembered: one inbox statement per chunk, no transaction) against an account with one (delivered to a receiver on localhost)`,
  );
  const [bare, watched] = [accountId(), accountId()];
  await measureConsumer(
    'webhooks',
    {
      DATABASE_URL: postgres.url('webhooks'),
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    },
    [
      {
        label: 'capture, account without a webhook (skipped, remembered)',
        make: (now) => capturedEvent(bare, 50000, now),
      },
      {
        label: 'capture, account with a webhook (through the inbox, delivered)',
        make: (now) => capturedEvent(watched, 50000, now),
        received: (receiver) => receiver.received(),
      },
    ],
    async (service) => {
      const receiver = await startReceiver();
      const created = await fetch(`${service.url}/v1/webhooks`, {
        method: 'POST',
        headers: {
          'x-internal-token': BENCH_INTERNAL_TOKEN,
          'x-account-id': watched,
          'x-mode': 'test',
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          url: receiver.url,
          events: ['payment.captured'],
          secret: 'bench-secret',
        }),
      });
      if (created.status !== 200)
        throw new Error(`creating a webhook answered ${created.status}: ${await created.text()}`);
      return receiver;
    },
  );
}

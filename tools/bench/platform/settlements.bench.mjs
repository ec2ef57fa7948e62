#!/usr/bin/env node
// The `settlements` bench section. Three figures, printed, never asserted:
//  1. Ledger ingestion: payment.captured events per second from Kafka into the ledger (the settlements
//     service as its own process, as deployed), against a baseline measured in the same run: the same
//     ledger rows inserted by plain multi-row INSERTs, 200 payments a statement pair, on the same
//     PostgreSQL. They take turns, RUNS times; the ratio is the median of the turns' ratios.
//  2. One settlement cycle over ENTRIES unsettled entries of one account: seconds from the account's
//     clock passing midnight to the settlement processed, then the recon export in rows per second.
//  3. Capture → payment.captured consumed, through the whole platform (`npm start`'s processes):
//     captures sent at RATE per second for SECONDS, each one's latency from the payments service
//     recording the capture to the settlements ledger consumer and billing's two payment consumers
//     taking its event (payments' `recorded_at` to each consumer's inbox row, one PostgreSQL clock);
//     with the default relay linger and with the least one (OUTBOX_MAX_LINGER_MS).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { CAPTURES_AS_PUBLISHED, startPostgres } from './bench-support.mjs';
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
import { median, RUNS, SERVICES, withPlatform } from './platform-run.mjs';
import { startCpuCount } from './process-cpu.mjs';

const EVENTS = Number(process.env.BENCH_LEDGER_EVENTS) || 20_000;
const ENTRIES = Number(process.env.BENCH_SETTLEMENT_ENTRIES) || 100_000;
const RATE = Number(process.env.BENCH_CAPTURE_RATE) || 200;
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const CHUNK = 200;
/** Which parts to run (all by default), e.g. BENCH_PARTS=latency. */
const PARTS = new Set((process.env.BENCH_PARTS || 'ingestion,settlement,latency').split(','));
const DAY = 24 * 3600;

async function startSettlements(databaseUrl, brokers) {
  return startServiceProcess('settlements', { DATABASE_URL: databaseUrl, KAFKA_BROKERS: brokers });
}

const count = async (db, text, values = []) => Number((await db.query(text, values)).rows[0].n);

/** Polls until `n` more ledger rows exist than `before`; returns the rate from the first new row to the last. */
async function ingestionRate(db, before, n) {
  let first = null;
  for (
    const deadline = Date.now() + 600_000;
    Date.now() < deadline;
    await new Promise((resolve) => setTimeout(resolve, 10))
  ) {
    const posted = (await count(db, 'SELECT count(*) AS n FROM ledger_transactions')) - before;
    const now = performance.now();
    if (posted > 0 && first === null) first = { at: now, posted };
    if (posted >= n) return ((n - first.posted) * 1000) / Math.max(1, now - first.at);
  }
  throw new Error(`ingestion did not finish within 600 s`);
}

// ---- 1. ingestion against a plain multi-row INSERT ---------------------------------------------------

/** The ledger rows of a captured payment, as the projection writes them. */
function ledgerRows(event) {
  const { payment } = event.data;
  const base = { account_id: event.account_id, mode: 'test', currency: 'INR' };
  const legs = [
    ['captured', payment.amount, 0],
    ['balance', 0, payment.amount - payment.fee],
    ['fees', 0, payment.fee - payment.tax],
    ['tax', 0, payment.tax],
  ];
  return {
    transaction: [
      payment.id,
      'capture',
      base.account_id,
      base.mode,
      base.currency,
      event.occurred_at * 1000,
      payment.amount - payment.fee,
      true,
      JSON.stringify({ type: 'payment', amount: payment.amount }),
    ],
    entries: legs.map(([account, debit, credit]) => [
      payment.id,
      base.account_id,
      base.mode,
      base.currency,
      account,
      debit,
      credit,
    ]),
  };
}

function multiRowInsert(table, columns, rows) {
  const values = rows.flat();
  const tuples = rows.map(
    (row, r) => `(${row.map((_, c) => `$${r * row.length + c + 1}`).join(', ')})`,
  );
  return { text: `INSERT INTO ${table} (${columns}) VALUES ${tuples.join(', ')}`, values };
}

async function baselineRate(db, events) {
  const started = performance.now();
  for (let i = 0; i < events.length; i += CHUNK) {
    const rows = events.slice(i, i + CHUNK).map(ledgerRows);
    await db.query('BEGIN');
    const transactions = multiRowInsert(
      'ledger_transactions',
      'id, kind, account_id, mode, currency, posted_at, balance_delta, line, recon',
      rows.map((row) => row.transaction),
    );
    await db.query(transactions.text, transactions.values);
    const entries = multiRowInsert(
      'ledger_entries',
      'ledger_transaction_id, account_id, mode, currency, ledger_account, debit, credit',
      rows.flatMap((row) => row.entries),
    );
    await db.query(entries.text, entries.values);
    await db.query('COMMIT');
  }
  return (events.length * 1000) / (performance.now() - started);
}

async function ingestion(postgres, broker) {
  console.log(
    `\n### ledger ingestion: ${fmt(EVENTS)} payment.captured events per run, ${RUNS} turns each`,
  );
  // The baseline's tables are the service's own: its migrations create them (and ours, before the first count).
  for (const database of ['baseline', 'settlements'])
    await (await startSettlements(postgres.url(database), broker.brokers)).stop();
  const baseline = new pg.Client({ connectionString: postgres.url('baseline') });
  const ours = new pg.Client({ connectionString: postgres.url('settlements') });
  await baseline.connect();
  await ours.connect();
  const accounts = Array.from({ length: 20 }, (_, i) => `acc_Bench${String(i).padStart(9, '0')}`);
  const turns = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      const now = Math.floor(Date.now() / 1000);
      const events = Array.from({ length: EVENTS }, (_, i) =>
        capturedEvent(accounts[i % accounts.length], 10_000 + (i % 997), now),
      );
      const baseCpu = startCpuCount();
      const base = await baselineRate(
        baseline,
        events.map((event) => ({
          ...event,
          data: {
            ...event.data,
            payment: { ...event.data.payment, id: `${event.data.payment.id}b` },
          },
        })),
      );
      const basePerEvent = baseCpu.perRequest(EVENTS);
      await produce(broker.brokers, 'payments.payment', events);
      const before = await count(ours, 'SELECT count(*) AS n FROM ledger_transactions');
      const ourCpu = startCpuCount();
      const service = await startSettlements(postgres.url('settlements'), broker.brokers);
      const rate = await ingestionRate(ours, before, EVENTS);
      const perEvent = ourCpu.perRequest(EVENTS);
      await service.stop();
      turns.push({ rate, base, ratio: rate / base });
      const cpu = (groups) => groups.map(({ group, micros }) => `${group} ${micros}`).join(', ');
      console.log(
        `turn ${run}: ours ${fmt(rate)} events/s, baseline ${fmt(base)} events/s (${(rate / base).toFixed(2)}×); CPU per event (µs): ours ${cpu(perEvent)}; baseline ${cpu(basePerEvent)}`,
      );
    }
  } finally {
    await baseline.end();
    await ours.end();
  }
  console.log(
    `ledger ingestion: ours ${fmt(median(turns.map((t) => t.rate)))} events/s, baseline ${fmt(median(turns.map((t) => t.base)))} rows-of-a-payment/s; ratio (median of turns) ${median(turns.map((t) => t.ratio)).toFixed(2)}× (target ≥ 0.5×)`,
  );
}

// ---- 2. one settlement over ENTRIES entries, and the recon export ------------------------------------

async function bigSettlement(postgres, broker) {
  console.log(`\n### one settlement cycle over ${fmt(ENTRIES)} unsettled entries of one account`);
  const service = await startSettlements(postgres.url('settlements'), broker.brokers);
  const db = new pg.Client({ connectionString: postgres.url('settlements') });
  await db.connect();
  try {
    const accountId = `acc_BigSettle${randomUUID().replace(/-/g, '').slice(0, 5)}`;
    const now = Math.floor(Date.now() / 1000);
    const before = await count(db, 'SELECT count(*) AS n FROM ledger_transactions');
    const seeded = performance.now();
    await produce(
      broker.brokers,
      'payments.payment',
      Array.from({ length: ENTRIES }, (_, i) => capturedEvent(accountId, 10_000 + (i % 991), now)),
    );
    await ingestionRate(db, before, ENTRIES);
    console.log(
      `seeded ${fmt(ENTRIES)} captures in ${((performance.now() - seeded) / 1000).toFixed(1)} s (produce + ingest)`,
    );
    // Three days later on the account's clock: the captures are settleable and the cycle is due.
    const started = performance.now();
    const clock = {
      id: randomUUID(),
      type: 'test_clock.advanced',
      schema_version: 1,
      account_id: accountId,
      mode: 'test',
      stream_id: accountId,
      stream_version: 1,
      occurred_at: now + 3 * DAY,
      correlation_id: null,
      causation_id: null,
      data: {
        test_clock: {
          entity: 'test_clock',
          account_id: accountId,
          offset_seconds: 3 * DAY,
          now: now + 3 * DAY,
        },
      },
    };
    await produce(broker.brokers, 'gateway.test_clock', [{ ...clock, stream_id: accountId }]);
    let created = null;
    for (
      const deadline = Date.now() + 600_000;
      Date.now() < deadline;
      await new Promise((resolve) => setTimeout(resolve, 20))
    ) {
      const [row] = (
        await db.query(
          `SELECT id, status, amount::float8 AS amount, entry_count FROM settlements WHERE account_id = $1`,
          [accountId],
        )
      ).rows;
      if (row && created === null) created = performance.now();
      if (row?.status === 'processed') {
        console.log(
          `settlement of ${fmt(row.entry_count)} entries (₹${fmt(row.amount / 100)}): created ${((created - started) / 1000).toFixed(2)} s after the clock passed the cycle, processed at ${((performance.now() - started) / 1000).toFixed(2)} s`,
        );
        break;
      }
    }
    const day = new Date((now + 3 * DAY) * 1000);
    const headers = {
      'x-internal-token': BENCH_INTERNAL_TOKEN,
      'x-account-id': accountId,
      'x-mode': 'test',
    };
    const exportStarted = performance.now();
    let rows = 0;
    for (let skip = 0; ; skip += 1000) {
      const answer = await fetch(
        `${service.url}/v1/settlements/recon/combined?year=${day.getUTCFullYear()}&month=${day.getUTCMonth() + 1}&count=1000&skip=${skip}`,
        { headers },
      );
      const { items } = await answer.json();
      rows += items.length;
      if (items.length < 1000) break;
    }
    const seconds = (performance.now() - exportStarted) / 1000;
    console.log(
      `recon export: ${fmt(rows)} rows in ${seconds.toFixed(1)} s, ${fmt(rows / seconds)} rows/s (pages of 1,000 by skip)`,
    );
  } finally {
    await db.end();
    await service.stop();
  }
}

// ---- 3. capture → payment.captured consumed, through the platform ----------------------------------------

/** The consumers of payment.captured whose latency is measured: each one's database and how it marks an event done. */
const CAPTURE_CONSUMERS = [
  {
    label: 'settlements (ledger posting)',
    database: 'settlements',
    consumers: ['settlements.ledger-captures'],
  },
  {
    label: 'billing (invoice and subscription payments)',
    database: 'billing',
    consumers: ['billing.invoice-payments', 'billing.subscription-payments'],
  },
];

/**
 * When each consumer took each event (ms since the epoch, by event id), once every one of `eventIds`
 * is there: its inbox row's processed_at, the start of the transaction that applied it (the same
 * clock as payments' recorded_at: one PostgreSQL). A service's consumers of one event: the later.
 */
async function consumedAt(clients, eventIds) {
  const taken = new Map();
  for (const { label, database, consumers } of CAPTURE_CONSUMERS) {
    const db = clients[database];
    const expected = eventIds.length * consumers.length;
    for (const deadline = Date.now() + 120_000; ;) {
      const n = await count(
        db,
        'SELECT count(*) AS n FROM inbox WHERE consumer = ANY($1) AND message_id = ANY($2)',
        [consumers, eventIds],
      );
      if (n >= expected) break;
      if (Date.now() > deadline)
        throw new Error(`${label} took ${n} of ${expected} captures within 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { rows } = await db.query(
      `SELECT message_id, extract(epoch FROM max(processed_at)) * 1000 AS at FROM inbox
        WHERE consumer = ANY($1) AND message_id = ANY($2) GROUP BY message_id`,
      [consumers, eventIds],
    );
    taken.set(label, new Map(rows.map((row) => [row.message_id, Number(row.at)])));
  }
  return taken;
}

/** The latency with the services' relays lingering at most `maxLingerMs` after a partial batch (OUTBOX_MAX_LINGER_MS). */
async function captureLatency(postgres, maxLingerMs) {
  const total = RATE * SECONDS;
  console.log(
    `\n### capture → payment.captured consumed by settlements and billing: ${RATE} captures/s for ${SECONDS} s through the gateway (${fmt(total)} captures), OUTBOX_MAX_LINGER_MS=${maxLingerMs}`,
  );
  process.env.OUTBOX_MAX_LINGER_MS = String(maxLingerMs); // the launcher passes its environment to the services
  await withPlatform(postgres, async ({ baseUrl, authorization, settled }) => {
    const authorized = await authorizedPayments(baseUrl, authorization, total);
    await settled();
    const { achieved, failures } = await captureAtRate(baseUrl, authorization, authorized, RATE);
    await settled(); // every outbox row marked published (a relay marks a batch with its next read)
    const clients = {};
    for (const database of ['payments', 'settlements', 'billing']) {
      clients[database] = new pg.Client({ connectionString: postgres.url(database) });
      await clients[database].connect();
    }
    try {
      // Each capture's time, and when payments' relay published its payment.captured (and that event's id).
      const captured = (await clients.payments.query(CAPTURES_AS_PUBLISHED, [authorized])).rows.map(
        (row) => ({
          eventId: row.event_id,
          at: Number(row.at),
          publishedAt: Number(row.published_at),
        }),
      );
      const taken = await consumedAt(
        clients,
        captured.map((capture) => capture.eventId),
      );
      const sorted = (values) => values.filter(Number.isFinite).sort((a, b) => a - b);
      const figures = (values) => {
        const ms = sorted(values);
        return `p50 ${quantile(ms, 0.5).toFixed(0)} ms, p99 ${quantile(ms, 0.99).toFixed(0)} ms, max ${ms.at(-1).toFixed(0)} ms`;
      };
      console.log(
        `captures: ${fmt(achieved)}/s achieved, ${failures.length} failed${failures[0] ? ` (first: ${failures[0].status} ${JSON.stringify(failures[0].json).slice(0, 200)})` : ''}; ${fmt(captured.length)} measured (target p99 ≤ 100 ms)`,
      );
      // Where the time goes: payments' relay publishing the event, then Kafka and each consumer.
      console.log(
        `  capture → published to Kafka (payments' outbox relay): ${figures(captured.map((c) => c.publishedAt - c.at))}`,
      );
      for (const { label } of CAPTURE_CONSUMERS) {
        const at = taken.get(label);
        console.log(
          `  capture → ${label}: ${figures(captured.map((c) => at.get(c.eventId) - c.at))}; of which published → taken ${figures(captured.map((c) => at.get(c.eventId) - c.publishedAt))}`,
        );
      }
    } finally {
      for (const client of Object.values(clients)) await client.end();
    }
  });
}

// ---- run -------------------------------------------------------------------------------------------------

buildServices();
const LINGERS = (process.env.BENCH_LINGERS ?? '100,20').split(',').map(Number);
const postgres = await startPostgres([
  'settlements',
  'baseline',
  ...LINGERS.flatMap((linger) => SERVICES.map((name) => `platform_${linger}_${name}`)),
]);
const broker = await startBrokerProcess();
try {
  if (PARTS.has('ingestion')) await ingestion(postgres, broker);
  if (PARTS.has('settlement')) await bigSettlement(postgres, broker);
} finally {
  await broker.stop();
}
try {
  // Each platform run gets databases of its own, so neither starts on the other's rows. The default
  // relay linger (100 ms) batches for throughput; 20 ms is the least it may be.
  if (PARTS.has('latency'))
    for (const linger of LINGERS)
      await captureLatency(
        { url: (database) => postgres.url(`platform_${linger}_${database}`) },
        linger,
      );
} finally {
  await postgres.stop();
}

#!/usr/bin/env node
// The `history` bench section: what a command and an `as_of` read cost on a stream with a long
// history, against the same command on a fresh stream, measured in the same run (issue 34).
//
// Streams: a multiple-use QR code paid N times (the next simulator payment on it), a customer
// updated N times (the next PUT), and a captured payment whose notes were edited N times (the next
// refund of it), for N = 1,000, 10,000 and 100,000 (the customer and the payment up to 10,000); and
// a weekly subscription charged 100 times on the test clock (the next PATCH of it).
// The long streams are seeded honestly and fast: one real event of the stream (the QR code's last
// `QrCodeCredited`, the customer's last `CustomerEdited`, the payment's last `PaymentNotesEdited`)
// is recorded again with the next versions, straight into the service's event store. Every copy is
// an event the stream could have held: a command folds and checks it like any other. (A QR code's
// folded totals then count the copies, which its read row does not: nothing here reads them.) The
// subscription's cycles are real: each is billed, paid and captured through every service.
//
// Each figure is the median latency of sequential requests (BENCH_HISTORY_ROUNDS, 15; `as_of`
// reads as many: a median of 5 moved by a third between runs), taken in turns with the same request
// on a fresh stream, so the VM's drift falls on both sides: the ratio long / fresh is the figure
// that matters (target ≤ 1.1× for a command, ≤ 3× a plain read for `as_of`).
import pg from 'pg';
import { startPostgres } from './bench-support.mjs';
import { median, SERVICES, withPlatform } from './platform-run.mjs';

const ROUNDS = Number(process.env.BENCH_HISTORY_ROUNDS) || 15;
// BENCH_HISTORY_MAX_LENGTH: only the lengths up to it (e.g. 1000 for a quick turn on as_of).
const MAX_LENGTH = Number(process.env.BENCH_HISTORY_MAX_LENGTH) || Infinity;
const upTo = (lengths) => lengths.filter((length) => length <= MAX_LENGTH);
const QR_LENGTHS = upTo([1_000, 10_000, 100_000]);
const CUSTOMER_LENGTHS = upTo([1_000, 10_000]);
const PAYMENT_LENGTHS = upTo([1_000, 10_000]);
const CARD = {
  number: '4111111111111111',
  name: 'Bench',
  expiry_month: 12,
  expiry_year: 2035,
  cvv: '123',
};

async function timed(request) {
  const started = process.hrtime.bigint();
  const response = await request();
  const body = await response.text();
  if (response.status >= 300) throw new Error(`${response.status} ${body.slice(0, 300)}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function api(platform) {
  const call = (method, path, body) =>
    fetch(`${platform.baseUrl}${path}`, {
      method,
      headers: { authorization: platform.authorization, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (method, path, body) => {
    const response = await call(method, path, body);
    const answer = await response.json();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
    return answer;
  };
  return { call, json };
}

/** Records the stream's last event of `type` again, `count` times, with the next versions. */
async function repeatLastEvent(database, streamId, type, count) {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    const { rows } = await client.query(
      `INSERT INTO events (stream_id, stream_type, version, type, data, metadata, account_id, mode)
       SELECT e.stream_id, e.stream_type, top.version + n, e.type, e.data, e.metadata, e.account_id, e.mode
       FROM (SELECT * FROM events WHERE stream_id = $1 AND type = $2 ORDER BY version DESC LIMIT 1) e,
            (SELECT max(version) AS version FROM events WHERE stream_id = $1) top,
            generate_series(1, $3::int) n
       RETURNING version`,
      [streamId, type, count],
    );
    if (rows.length !== count) throw new Error(`seeded ${rows.length} of ${count} events`);
  } finally {
    await client.end();
  }
}

async function streamLength(database, streamId) {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT count(*)::int AS n FROM events WHERE stream_id = $1',
      [streamId],
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** The medians of `long()` and `fresh()`, run in turns. */
async function inTurns(long, fresh, rounds = ROUNDS) {
  const times = { long: [], fresh: [] };
  await long(); // the first call after seeding reads the history into nothing but the database cache
  await fresh();
  for (let round = 0; round < rounds; round++) {
    times.long.push(await long());
    times.fresh.push(await fresh());
  }
  return { long: median(times.long), fresh: median(times.fresh) };
}

const row = (label, { long, fresh }, base = fresh, baseLabel = 'fresh') =>
  `  ${label.padEnd(52)} ${long.toFixed(1).padStart(8)} ms   ${baseLabel} ${base.toFixed(1).padStart(6)} ms   ${(long / base).toFixed(2).padStart(6)}×`;

async function qrCodes(platform, payments) {
  const { json, call } = api(platform);
  const newCode = () =>
    json('POST', '/v1/payments/qr_codes', {
      type: 'upi_qr',
      usage: 'multiple_use',
      fixed_amount: false,
      name: 'History Bench',
    });
  const pay = (code) => () =>
    timed(() =>
      call('POST', '/v1/simulator/payments', {
        qr_code_id: code.id,
        method: 'upi',
        vpa: 'success@razorpay',
        amount: 100,
      }),
    );
  const long = await newCode();
  await pay(long)();
  console.log(
    '  a multiple-use QR code: the next simulator payment (UPI, captured at once), and reads',
  );
  for (const length of QR_LENGTHS) {
    const have = await streamLength(payments, long.id);
    await repeatLastEvent(payments, long.id, 'QrCodeCredited', length - have);
    // A fresh code per turn would measure its creation's tail; one fresh code takes the turns,
    // growing by ROUNDS events, which is still a short stream.
    const fresh = await newCode();
    await pay(fresh)();
    const command = await inTurns(pay(long), pay(fresh));
    console.log(row(`payment ${length.toLocaleString('en')}+ on one code`, command));
    const now = Math.floor(Date.now() / 1000) + 3600;
    const read = (code, asOf) => () =>
      timed(() => call('GET', `/v1/payments/qr_codes/${code.id}${asOf ? `?as_of=${now}` : ''}`));
    const reads = await inTurns(read(long, true), read(long, false));
    console.log(row(`  as_of read of it`, reads, reads.fresh, 'plain'));
    const freshAsOf = await inTurns(read(fresh, true), read(fresh, false));
    console.log(row(`  as_of read of a fresh code`, freshAsOf, freshAsOf.fresh, 'plain'));
  }
}

async function customers(platform, billing) {
  const { json, call } = api(platform);
  let edits = 0;
  const newCustomer = () =>
    json('POST', '/v1/customers', {
      name: 'History Bench',
      email: `history.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
      fail_existing: '0',
    });
  const update = (customer) => () =>
    timed(() => call('PUT', `/v1/customers/${customer.id}`, { name: `History Bench ${++edits}` }));
  const long = await newCustomer();
  await update(long)();
  console.log('  a customer: the next PUT /v1/customers/:id, and reads');
  for (const length of CUSTOMER_LENGTHS) {
    const have = await streamLength(billing, long.id);
    await repeatLastEvent(billing, long.id, 'CustomerEdited', length - have);
    const fresh = await newCustomer();
    await update(fresh)();
    const command = await inTurns(update(long), update(fresh));
    console.log(row(`update ${length.toLocaleString('en')}+ of one customer`, command));
    const now = Math.floor(Date.now() / 1000) + 3600;
    const read = (customer, asOf) => () =>
      timed(() => call('GET', `/v1/customers/${customer.id}${asOf ? `?as_of=${now}` : ''}`));
    const reads = await inTurns(read(long, true), read(long, false));
    console.log(row(`  as_of read of them`, reads, reads.fresh, 'plain'));
  }
}

async function refunds(platform, payments) {
  const { json, call } = api(platform);
  const newPayment = async () => {
    const order = await json('POST', '/v1/orders', { amount: 1_000_000, currency: 'INR' });
    const paid = await json('POST', '/v1/simulator/payments', {
      order_id: order.id,
      method: 'card',
      card: CARD,
    });
    const id = paid.razorpay_payment_id;
    await json('POST', `/v1/payments/${id}/capture`, { amount: 1_000_000, currency: 'INR' });
    await json('PATCH', `/v1/payments/${id}`, { notes: { purpose: 'history bench' } });
    return { id };
  };
  const refund = (payment) => () =>
    timed(() => call('POST', `/v1/payments/${payment.id}/refund`, { amount: 100 }));
  const long = await newPayment();
  console.log(
    '  a captured payment whose notes were edited N times: the next refund of ₹1, and reads',
  );
  for (const length of PAYMENT_LENGTHS) {
    const have = await streamLength(payments, long.id);
    await repeatLastEvent(payments, long.id, 'PaymentNotesEdited', length - have);
    const fresh = await newPayment();
    const command = await inTurns(refund(long), refund(fresh));
    console.log(row(`refund after ${length.toLocaleString('en')}+ events`, command));
    const now = Math.floor(Date.now() / 1000) + 3600;
    const read = (payment, asOf) => () =>
      timed(() => call('GET', `/v1/payments/${payment.id}${asOf ? `?as_of=${now}` : ''}`));
    const reads = await inTurns(read(long, true), read(long, false));
    console.log(row(`  as_of read of it`, reads, reads.fresh, 'plain'));
  }
}

/** Polls `probe` every 200 ms until it returns a value, for at most `ms`. */
async function until(probe, what, ms = 300_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function subscriptions(platform) {
  const { json, call } = api(platform);
  const plan = await json('POST', '/v1/plans', {
    period: 'weekly',
    interval: 1,
    item: { name: 'History Bench', amount: 100, currency: 'INR' },
  });
  const fetchSubscription = (id) => json('GET', `/v1/subscriptions/${id}`);
  const newSubscription = async () => {
    const created = await json('POST', '/v1/subscriptions', {
      plan_id: plan.id,
      total_count: 1000,
      quantity: 1,
    });
    // The simulator pays the authorization once payments has heard of the subscription.
    await until(async () => {
      const response = await call('POST', '/v1/simulator/payments', {
        subscription_id: created.id,
        method: 'card',
        card: CARD,
        email: 'history.bench@example.com',
      });
      const body = await response.json();
      if (response.status < 300) return true;
      if (String(body.error?.description).includes('does not exist')) return false;
      throw new Error(`authorization: ${JSON.stringify(body)}`);
    }, 'payments to know the subscription');
    await until(
      async () => (await fetchSubscription(created.id)).status === 'active',
      'the subscription to be active',
    );
    return created;
  };
  let quantity = 1;
  const update = (subscription) => () =>
    timed(() =>
      call('PATCH', `/v1/subscriptions/${subscription.id}`, {
        quantity: (quantity = 3 - quantity),
        schedule_change_at: 'now',
      }),
    );
  const long = await newSubscription();
  // Each week on the test clock is one cycle billed and charged: its invoice paid, its payment
  // captured, through every service, as a subscription lives for two years.
  const cycles = Number(process.env.BENCH_HISTORY_CYCLES) || 100;
  const started = Date.now();
  for (let cycle = 1; cycle <= cycles; cycle++) {
    const paid = (await fetchSubscription(long.id)).paid_count;
    await json('POST', '/v1/simulator/clock/advance', { seconds: 7 * 24 * 3600 + 60 });
    await until(
      async () => (await fetchSubscription(long.id)).paid_count > paid,
      `cycle ${cycle} to be charged`,
      60_000,
    );
  }
  const charged = await fetchSubscription(long.id);
  console.log(
    `  a weekly subscription charged ${charged.paid_count} times on the test clock (${((Date.now() - started) / 1000).toFixed(0)} s to seed): the next PATCH (quantity), and reads`,
  );
  const fresh = await newSubscription();
  const command = await inTurns(update(long), update(fresh));
  console.log(row(`update after ${cycles} cycles`, command));
  const now = Math.floor(Date.now() / 1000) + 3 * 365 * 24 * 3600;
  const read = (subscription, asOf) => () =>
    timed(() => call('GET', `/v1/subscriptions/${subscription.id}${asOf ? `?as_of=${now}` : ''}`));
  const reads = await inTurns(read(long, true), read(long, false));
  console.log(row(`  as_of read of it`, reads, reads.fresh, 'plain'));
}

const postgres = await startPostgres(SERVICES);
try {
  await withPlatform(postgres, async (platform) => {
    console.log(
      `  median of ${ROUNDS} sequential requests each (as_of reads too), in turns with the same request on a fresh stream; ratio = long / fresh (targets: command ≤ 1.1×, as_of ≤ 3× a plain read)`,
    );
    await qrCodes(platform, postgres.url('payments'));
    await customers(platform, postgres.url('billing'));
    await refunds(platform, postgres.url('payments'));
    // Last: it moves the account's test clock two years on.
    await subscriptions(platform);
  });
} finally {
  await postgres.stop();
}

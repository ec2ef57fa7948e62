/**
 * After the faults, once the event pipeline has settled: is every acknowledged write still there, with
 * its event on Kafka, and was any effect applied twice?
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SERVICES } from '@platform/platform-launcher';
import type { HarnessPlatform } from '@platform/platform-launcher';
import type { KafkaView, ScannedEvent } from './kafka-view';
import { scanAllEvents } from './kafka-view';
import type { Writes } from './load';

export interface Finding {
  check: string;
  /** How many were looked at, and how many failed the check. */
  checked: number;
  failed: number;
  /** A few of the failures, as evidence. */
  examples: string[];
}

export interface CheckResults {
  lost: Finding[];
  twice: Finding[];
  /** Writes applied though the client's call ended without a success (informative: no target). */
  unacknowledged: Finding[];
  /**
   * Of those, the calls whose keyed retries ended in a refusal (4xx): the client was told the write
   * failed though its first attempt made it. Target: none (every keyed retry gets the original outcome).
   */
  refusedThoughApplied: Finding[];
  /** Events delivered more than once to Kafka (absorbed by the consumers' inboxes): informative. */
  duplicateEvents: number;
  events: number;
}

/** Waits until every outbox is published and every service's consumer group has read to the end of Kafka. */
export async function waitForSettledPipeline(
  platform: HarnessPlatform,
  kafka: KafkaView,
  timeoutMs: number,
): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(500)) {
    try {
      if ((await unpublished(platform)) > 0) continue;
      const ends = await kafka.ends();
      const groups = (await kafka.groups()).filter((group) =>
        (SERVICES as readonly string[]).includes(group),
      );
      let caughtUp = true;
      for (const group of groups) caughtUp &&= await kafka.caughtUp(group, ends);
      if (caughtUp) return true;
    } catch {
      // a part still recovering: look again
    }
  }
  return false;
}

async function unpublished(platform: HarnessPlatform): Promise<number> {
  let total = 0;
  for (const service of SERVICES) {
    const client = new pg.Client({ connectionString: platform.databaseUrl(service) });
    await client.connect();
    try {
      total += (
        await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL',
        )
      ).rows[0].n;
    } catch (error) {
      if ((error as { code?: string }).code !== '42P01') throw error;
    } finally {
      await client.end();
    }
  }
  return total;
}

export async function checkEverything(
  platform: HarnessPlatform,
  kafka: KafkaView,
  writes: Writes,
): Promise<CheckResults> {
  const api = reader(platform);
  const events = await scanAllEvents(platform.kafkaBrokers, await kafka.ends());
  return {
    lost: [...(await stillThere(api, writes)), ...onKafka(events, writes)],
    twice: await appliedTwice(api, platform, writes),
    ...(await appliedUnacknowledged(api, writes)),
    duplicateEvents: events.length - new Set(events.map((event) => event.eventId)).size,
    events: events.length,
  };
}

type Reader = (path: string) => Promise<Record<string, unknown> | null>;

/** GET through the gateway, a few tries: the system is settled, a failure here is an answer, not a fault. */
function reader(platform: HarnessPlatform): Reader {
  const authorization = `Basic ${Buffer.from(`${platform.account.test.id}:${platform.account.test.secret}`).toString('base64')}`;
  return async (path) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const response = await fetch(`${platform.baseUrl}${path}`, {
          headers: path.startsWith('/admin')
            ? { authorization: `Bearer ${platform.adminToken}` }
            : { authorization },
          signal: AbortSignal.timeout(10_000),
        });
        if (response.status < 500)
          return response.ok ? ((await response.json()) as Record<string, unknown>) : null;
      } catch {
        // try again
      }
      await sleep(500);
    }
    return null;
  };
}

async function stillThere(api: Reader, writes: Writes): Promise<Finding[]> {
  const found = (path: string) => async () => ((await api(path)) ? null : path);
  return [
    await check('customers still there', writes.customers, (c) => found(`/v1/customers/${c.id}`)()),
    await check('orders still there', writes.orders, (o) => found(`/v1/orders/${o.id}`)()),
    await check('payments still there', writes.payments, (p) => found(`/v1/payments/${p.id}`)()),
    await check('refunds still there', writes.refunds, (r) => found(`/v1/refunds/${r.id}`)()),
    await check('invoices still there', writes.invoices, (i) => found(`/v1/invoices/${i.id}`)()),
    // An acknowledged capture shows on the payment (captured, or refunded after it).
    await check('captures still captured', writes.captures, async ({ paymentId }) =>
      (await api(`/v1/payments/${paymentId}`))?.['captured'] === true ? null : paymentId,
    ),
    // An invoice whose payment was acknowledged ends up paid (billing learns it from payment.captured).
    await check('paid invoices paid', writes.invoicePayments, async ({ invoiceId }) =>
      (await api(`/v1/invoices/${invoiceId}`))?.['status'] === 'paid' ? null : invoiceId,
    ),
  ];
}

function onKafka(events: readonly ScannedEvent[], writes: Writes): Finding[] {
  const seen = new Set(events.map((event) => `${event.type} ${event.streamId}`));
  const expect = (check: string, wanted: string[][]) => {
    const missing = wanted
      .filter((types) => !types.some((key) => seen.has(key)))
      .map((types) => types[0]);
    return finding(check, wanted, missing);
  };
  return [
    expect(
      'customer.created on Kafka',
      writes.customers.map((c) => [`customer.created ${c.id}`]),
    ),
    expect(
      'payment.authorized on Kafka',
      writes.payments.map((p) => [`payment.authorized ${p.id}`, `payment.captured ${p.id}`]),
    ),
    expect(
      'payment.captured on Kafka',
      [...writes.captures, ...writes.invoicePayments].map((c) => [
        `payment.captured ${c.paymentId}`,
      ]),
    ),
    expect(
      'refund.created on Kafka',
      writes.refunds.map((r) => [`refund.created ${r.id}`]),
    ),
    expect(
      'invoice.issued on Kafka',
      writes.invoices.map((i) => [`invoice.issued ${i.id}`]),
    ),
  ];
}

async function appliedTwice(
  api: Reader,
  platform: HarnessPlatform,
  writes: Writes,
): Promise<Finding[]> {
  const refunded = [...writes.refundCalls.keys()];
  const overRefunded = await inBatches(refunded, async (paymentId) => {
    const payment = await api(`/v1/payments/${paymentId}`);
    const refunds = (await api(`/v1/payments/${paymentId}/refunds?count=100`))?.['items'] as
      { amount: number; notes: Record<string, string> }[] | undefined;
    if (!payment || !refunds) return `${paymentId}: not readable`;
    const total = refunds.reduce((sum, refund) => sum + refund.amount, 0);
    if (
      Number(payment['amount_refunded']) > Number(payment['amount']) ||
      total > Number(payment['amount'])
    )
      return `${paymentId}: refunded ${total} of ${payment['amount']}`;
    const keys = refunds.map((refund) => refund.notes?.['chaos_key']);
    const repeated = keys.filter((key, i) => keys.indexOf(key) !== i);
    return repeated.length > 0
      ? `${paymentId}: ${refunds.length} refunds, key ${repeated[0]} more than once`
      : null;
  });
  const paidTwice = await inBatches(writes.invoices, async (invoice) => {
    const current = await api(`/v1/invoices/${invoice.id}`);
    const payments = (await api(`/v1/orders/${invoice.orderId}/payments`))?.['items'] as
      { status: string }[] | undefined;
    const captured = (payments ?? []).filter(
      (p) => p.status === 'captured' || p.status === 'refunded',
    ).length;
    if (!current) return `${invoice.id}: not readable`;
    if (Number(current['amount_paid']) > Number(current['amount']))
      return `${invoice.id}: paid ${current['amount_paid']} of ${current['amount']}`;
    return captured > 1 ? `${invoice.id}: ${captured} captured payments` : null;
  });
  return [
    finding('no refund applied twice, none beyond the amount', refunded, overRefunded),
    finding('invoices paid at most once', writes.invoices, paidTwice),
    await onePerKey(
      'one customer per e-mail',
      api,
      '/v1/customers',
      'email',
      new Set(writes.customers.map((c) => c.email)),
    ),
    await onePerKey(
      'one order per receipt',
      api,
      '/v1/orders',
      'receipt',
      new Set(writes.orders.map((o) => o.receipt)),
    ),
    await ledgerBalanced(api, platform),
  ];
}

/**
 * Writes applied although the client was never told so (its call ended in a failure, every retry with
 * the key included): not lost and not twice, but the integrator believes they failed. Those whose
 * call ended in a refusal were told so by a keyed retry, which should have had the original answer.
 */
async function appliedUnacknowledged(
  api: Reader,
  writes: Writes,
): Promise<Pick<CheckResults, 'unacknowledged' | 'refusedThoughApplied'>> {
  const unacknowledged = [...writes.refundCalls].flatMap(([paymentId, calls]) =>
    calls.filter((call) => !call.acknowledged).map((call) => ({ paymentId, ...call })),
  );
  const refunds = await inBatches(unacknowledged, async ({ paymentId, key, status }) => {
    const items = ((await api(`/v1/payments/${paymentId}/refunds?count=100`))?.['items'] ?? []) as {
      id: string;
      notes: Record<string, string>;
    }[];
    const applied = items.find((refund) => refund.notes?.['chaos_key'] === key);
    return applied ? { shown: `${applied.id} (key ${key}, ended ${status})`, status } : null;
  });
  const captures = await inBatches(writes.unacknowledgedCaptures, async ({ paymentId, status }) =>
    (await api(`/v1/payments/${paymentId}`))?.['captured'] === true
      ? { shown: `${paymentId} (ended ${status})`, status }
      : null,
  );
  const refused = (applied: { shown: string; status: number | null }[]) =>
    applied.filter(({ status }) => status !== null && status >= 400 && status < 500);
  const shown = (applied: { shown: string }[]) => applied.map((a) => a.shown);
  return {
    unacknowledged: [
      finding('refunds applied though their call failed', unacknowledged, shown(refunds)),
      finding(
        'captures applied though their call failed',
        writes.unacknowledgedCaptures,
        shown(captures),
      ),
    ],
    refusedThoughApplied: [
      finding(
        'refunds applied though a keyed retry was refused',
        unacknowledged,
        shown(refused(refunds)),
      ),
      finding(
        'captures applied though a keyed retry was refused',
        writes.unacknowledgedCaptures,
        shown(refused(captures)),
      ),
    ],
  };
}

/** Every page of a list, counted by one field: more than one entity for a value the load used once is a write applied twice. */
async function onePerKey(
  check: string,
  api: Reader,
  path: string,
  field: string,
  used: Set<string>,
): Promise<Finding> {
  const counts = new Map<string, number>();
  for (let skip = 0; ; skip += 100) {
    const items = ((await api(`${path}?count=100&skip=${skip}`))?.['items'] ?? []) as Record<
      string,
      unknown
    >[];
    for (const item of items)
      counts.set(String(item[field]), (counts.get(String(item[field])) ?? 0) + 1);
    if (items.length < 100) break;
  }
  const twice = [...counts]
    .filter(([value, count]) => used.has(value) && count > 1)
    .map(([value, count]) => `${value}: ${count}`);
  return finding(check, [...used], twice);
}

async function ledgerBalanced(api: Reader, platform: HarnessPlatform): Promise<Finding> {
  const ledger = await api(`/admin/v1/accounts/${platform.account.accountId}/ledger?mode=test`);
  return finding(
    'settlements ledger balanced',
    [1],
    ledger?.['balanced'] === true ? [] : [JSON.stringify(ledger).slice(0, 400)],
  );
}

function finding(check: string, checked: readonly unknown[], failures: readonly string[]): Finding {
  return {
    check,
    checked: checked.length,
    failed: failures.length,
    examples: failures.slice(0, 5),
  };
}

async function check<T>(
  name: string,
  items: readonly T[],
  probe: (item: T) => Promise<string | null>,
): Promise<Finding> {
  return finding(name, items, await inBatches(items, probe));
}

/** Runs `probe` over `items`, eight at a time; returns what it reported (its non-null answers). */
async function inBatches<T, R = string>(
  items: readonly T[],
  probe: (item: T) => Promise<R | null>,
): Promise<R[]> {
  const reported: R[] = [];
  for (let i = 0; i < items.length; i += 8) {
    for (const answer of await Promise.all(items.slice(i, i + 8).map(probe)))
      if (answer !== null) reported.push(answer);
  }
  return reported;
}

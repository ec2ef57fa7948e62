import { sql } from '@platform/event-store';
import type { Database } from '@platform/event-store';
import type { ConsumerMetrics } from '@platform/messaging';
import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from './metrics';

/**
 * The event pipeline as an SRE watches it: how much waits in the outbox and for how long, how far
 * each consumer is behind, what it handles and what fails, and how much scheduled work is late.
 * Table-backed gauges are read at each scrape from the service's database, within a second (while
 * PostgreSQL is away a scrape still answers, with the last values).
 */
const SCRAPE_WITHIN_MS = 1000;

const OUTBOX = sql(
  'metrics.outbox',
  `SELECT count(*)::int AS waiting,
          COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest
     FROM outbox WHERE published_at IS NULL`,
);

/** Due on each account's clock (test clocks included), as the scheduler claims them. */
const DUE_JOBS = sql(
  'metrics.due-jobs',
  `SELECT j.kind, count(*)::int AS due,
          max($1::bigint + COALESCE(c.offset_ms, 0) - j.due_at)::float8 / 1000 AS late
     FROM due_jobs j LEFT JOIN account_clocks c ON c.account_id = j.account_id
    WHERE j.due_at <= $1::bigint + COALESCE(c.offset_ms, 0)
    GROUP BY j.kind`,
);

let outboxSource: Database | null = null;
let dueJobsSource: Database | null = null;

// Two gauges from one query: the registry collects them concurrently, so each awaits the same read.
const outboxRead = oncePerScrape(() => withinScrape(outboxSource, OUTBOX, []));
/** A gauge of one column of the outbox read. */
const outboxGauge = (name: string, help: string, column: 'waiting' | 'oldest') =>
  new Gauge({
    name,
    help,
    registers: [metricsRegistry],
    async collect() {
      const row = (await outboxRead())?.[0];
      if (row) this.set(Number(row[column]));
    },
  });
outboxGauge(
  'outbox_unpublished_events',
  'Events written to the outbox and not yet published to Kafka',
  'waiting',
);
outboxGauge(
  'outbox_oldest_unpublished_age_seconds',
  'How long the oldest unpublished outbox event has waited (0 when none waits)',
  'oldest',
);

const dueJobsRead = oncePerScrape(() => withinScrape(dueJobsSource, DUE_JOBS, [Date.now()]));
/** A gauge of one column of the due jobs read, by kind (a kind with none due drops out). */
const dueJobsGauge = (name: string, help: string, column: 'due' | 'late') =>
  new Gauge({
    name,
    help,
    labelNames: ['kind'] as const,
    registers: [metricsRegistry],
    async collect() {
      const rows = await dueJobsRead();
      if (!rows) return;
      this.reset();
      for (const row of rows) this.set({ kind: String(row['kind']) }, Number(row[column]));
    },
  });
dueJobsGauge('due_jobs_due', 'Scheduled jobs due and not yet run, by kind', 'due');
dueJobsGauge(
  'due_jobs_lateness_seconds',
  'How late the most overdue job of each kind is, on its account’s clock',
  'late',
);

const jobsRun = new Counter({
  name: 'due_jobs_run_total',
  help: 'Due jobs this replica ran, by kind and outcome (done; failed: to be tried again)',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** The scheduler counts each job it ran. */
export const countJobRun = (kind: string, outcome: 'done' | 'failed'): void =>
  jobsRun.inc({ kind, outcome });

const handled = new Counter({
  name: 'consumer_events_handled_total',
  help: 'Events whose effects committed, by topic (once per handler)',
  labelNames: ['topic'] as const,
  registers: [metricsRegistry],
});
const failed = new Counter({
  name: 'consumer_attempts_failed_total',
  help: 'Consumer transactions that failed and were tried again or ended as dead letters, by topic',
  labelNames: ['topic'] as const,
  registers: [metricsRegistry],
});
const lag = new Gauge({
  name: 'kafka_consumer_lag',
  help: 'Messages of a partition not yet handled by this replica’s consumer, as of its last batch',
  labelNames: ['topic', 'partition'] as const,
  registers: [metricsRegistry],
});

/** The consumer's `metrics` option. */
export const consumerMetrics: ConsumerMetrics = {
  handled: (topic, count) => handled.inc({ topic }, count),
  failed: (topic) => failed.inc({ topic }),
  lag: (topic, partition, messages) => lag.set({ topic, partition: String(partition) }, messages),
};

/** Where the outbox gauges read (a service with a relay). */
export function watchOutboxIn(database: Database): void {
  outboxSource = database;
}

/** Where the due-job gauges read (a service with a scheduler). */
export function watchDueJobsIn(database: Database): void {
  dueJobsSource = database;
}

/** One read shared by the gauges of a scrape: the registry collects them at once, so they share it while in flight. */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () =>
    (inFlight ??= read().finally(() => {
      inFlight = null;
    }));
}

async function withinScrape(
  database: Database | null,
  statement: ReturnType<typeof sql>,
  values: unknown[],
): Promise<Record<string, unknown>[] | null> {
  return database && readWithinScrape(database.query<Record<string, unknown>>(statement, values));
}

/**
 * A table-backed gauge's read, given up after SCRAPE_WITHIN_MS (null, like a failed read): while
 * PostgreSQL is away the scrape still answers, with the gauge's last value.
 */
export function readWithinScrape<T>(read: Promise<T>): Promise<T | null> {
  return Promise.race([
    read,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), SCRAPE_WITHIN_MS).unref()),
  ]).catch(() => null);
}

// What the platform bench sections share: the platform as `npm start` runs it, waiting for its event
// pipeline to settle between measurements, and the median of several runs.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuth, startProcess, stopProcess } from './bench-support.mjs';
import { pauseTree } from './process-cpu.mjs';

const ROOT = join(import.meta.dirname, '..', '..', '..');
/** The platform's processes, each with a database of its own. */
export const SERVICES = ['gateway', 'billing', 'payments', 'settlements', 'webhooks'];
/** Runs per figure, `BENCH_RUNS` or the section's own default (the median run is reported with the spread). */
export const runsOr = (fallback) => Number(process.env.BENCH_RUNS) || fallback;
/** Runs per figure where a section sets no default of its own (one run varies by ±15% here). */
export const RUNS = runsOr(3);

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median run by `rate` (default req/s), with every run's figure kept for the spread. */
export function medianRun(results, rate = (result) => result.requestsPerSecond) {
  const sorted = [...results].sort((a, b) => rate(a) - rate(b));
  return {
    ...sorted[Math.floor(sorted.length / 2)],
    runs: results.map((r) => Math.round(rate(r))),
  };
}

/** The median of RUNS runs of `run`, by `rate` (see medianRun). */
export async function medianOf(run, rate) {
  const results = [];
  for (let i = 0; i < RUNS; i++) results.push(await run());
  return medianRun(results, rate);
}

/** A failed start's service logs, left in `dataDir`: where they are and the last 40 lines of each (as libs/platform-launcher's keepFailedStartLogs says it for the fuzz and chaos suites). */
function failedStartLogs(dataDir) {
  const logs = join(dataDir, 'logs');
  const files = existsSync(logs) ? readdirSync(logs).filter((file) => file.endsWith('.log')) : [];
  if (files.length === 0) return '';
  const tails = files.map((file) => {
    const lines = readFileSync(join(logs, file), 'utf8').trimEnd().split('\n');
    return `--- ${file} (last lines)\n${lines.slice(-40).join('\n')}`;
  });
  return `The services' logs of the failed start are kept in ${logs}.\n${tails.join('\n')}\n`;
}

/**
 * Runs `work({baseUrl, authorization, settled, pause, whilePaused})` against the platform as `npm
 * start` runs it: the launcher itself (apps/dev-stack) in a child process, so the measured processes
 * are exactly npm start's (gateway and services as separate processes, logs to files as in
 * production), on the given PostgreSQL cluster and free ports, with the launcher's test key; where
 * everything listens is in the file the launcher writes once ready (DATA_DIR/platform.json).
 * `settled()` waits for the event pipeline to drain; `pause()` stops every process of the platform
 * until its `resume()`; `whilePaused(work)` runs `work()` (a baseline's turn) with the platform
 * paused, so its idle timers take nothing from it.
 */
export async function withPlatform(postgres, work) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-platform-'));
  await chmod(dataDir, 0o755);
  const env = {
    SWC_NODE_PROJECT: 'tsconfig.base.json',
    DATA_DIR: dataDir,
    PORT: '0', // 0: any free port, which the launcher chooses
    KAFKA_PORT: '0',
    METRICS_PORT: '0',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
    SERVICE_LOGS: 'files', // as in production: each service writes its own log, nothing relays it
    SERVICES_READY_WITHIN_SECONDS: '110', // within startProcess's 120 s
    ...Object.fromEntries(
      SERVICES.map((s) => [`DATABASE_URL_${s.toUpperCase()}`, postgres.url(s)]),
    ),
  };
  process.chdir(ROOT);
  const launcher = await startProcess(
    process.execPath,
    ['-r', '@swc-node/register', 'apps/dev-stack/src/main.ts'],
    { env, ready: 'Press Ctrl-C' },
  ).catch((error) => {
    // The services log to their files only: their logs stay in DATA_DIR, and their tails say why.
    process.stderr.write(failedStartLogs(dataDir));
    throw error;
  });
  try {
    const { baseUrl, kafkaBrokers, account } = JSON.parse(
      await readFile(join(dataDir, 'platform.json'), 'utf8'),
    );
    const pause = () => pauseTree(launcher.child.pid);
    return await work({
      baseUrl,
      authorization: basicAuth(account.test.id, account.test.secret),
      settled: () => pipelineSettled(postgres, kafkaBrokers),
      pause,
      async whilePaused(paused) {
        const platform = pause();
        try {
          return await paused();
        } finally {
          platform.resume();
        }
      },
    });
  } finally {
    await stopProcess(launcher.child, 'SIGINT');
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Waits until every service's outbox is published and payments has consumed billing.customer to its
 * end, so one measurement does not carry the last one's tail.
 */
async function pipelineSettled(postgres, brokers) {
  const { Kafka, logLevel } = await import('kafkajs');
  const pg = (await import('pg')).default;
  const databases = SERVICES.map((name) => new pg.Client({ connectionString: postgres.url(name) }));
  for (const db of databases) await db.connect();
  const admin = new Kafka({ brokers: [brokers], logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    for (
      const deadline = Date.now() + 300_000;
      Date.now() < deadline;
      await new Promise((resolve) => setTimeout(resolve, 250))
    ) {
      let pending = 0;
      for (const db of databases)
        pending += (
          await db.query('SELECT count(*)::int AS pending FROM outbox WHERE published_at IS NULL')
        ).rows[0].pending;
      let [consumed, end] = [0, 0];
      if ((await admin.listTopics()).includes('billing.customer')) {
        end = (await admin.fetchTopicOffsets('billing.customer')).reduce(
          (sum, p) => sum + Number(p.high),
          0,
        );
        const [{ partitions }] = await admin.fetchOffsets({
          groupId: 'payments',
          topics: ['billing.customer'],
        });
        consumed = partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0);
      }
      if (pending === 0 && consumed === end) return;
    }
    throw new Error('the event pipeline did not settle within 300 s');
  } finally {
    await admin.disconnect();
    for (const db of databases) await db.end();
  }
}

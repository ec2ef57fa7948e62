import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { freePort } from '@platform/platform-launcher';
import type { AlertRule } from './monitoring-objects';

export const PROMETHEUS = '/usr/bin/prometheus';
/** Short, so a run of a minute has enough samples for every rate() the dashboard draws. */
export const SCRAPE_INTERVAL_SECONDS = 1;
/** The namespace the ServiceMonitor watches: the operator labels every series with it. */
export const NAMESPACE = 'payments-platform';

export interface RunningPrometheus {
  url: string;
  /** An instant query (`/api/v1/query`); throws with Prometheus's error when the expression fails. */
  query(expr: string, time: number): Promise<Series[]>;
  /** A range query (`/api/v1/query_range`), times in seconds. */
  queryRange(expr: string, start: number, end: number, step: number): Promise<Series[]>;
  /** The rules as Prometheus itself evaluates them: health, last error, firing alerts. */
  rules(): Promise<RuleState[]>;
  stop(): Promise<void>;
}

export interface Series {
  metric: Record<string, string>;
  /** [seconds, value]; one pair for an instant query. */
  values: [number, number][];
}

export interface RuleState {
  name: string;
  health: string;
  lastError?: string;
  state: string;
}

/**
 * Real Prometheus (Debian's) on 127.0.0.1, scraping each service's metrics port every second with
 * the labels the ServiceMonitor gives in the cluster (job = the app's name, namespace, pod), and
 * evaluating the PrometheusRule's groups. Its data lives in a temporary directory, removed by stop().
 */
export async function startPrometheus(
  metricsPorts: Record<string, number>,
  rules: { name: string; rules: AlertRule[] }[],
): Promise<RunningPrometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'monitoring-prometheus-'));
  writeFileSync(join(dir, 'rules.yml'), stringify({ groups: rules }));
  writeFileSync(
    join(dir, 'prometheus.yml'),
    stringify({
      global: {
        scrape_interval: `${SCRAPE_INTERVAL_SECONDS}s`,
        scrape_timeout: `${SCRAPE_INTERVAL_SECONDS}s`,
        evaluation_interval: `${SCRAPE_INTERVAL_SECONDS}s`,
      },
      rule_files: [join(dir, 'rules.yml')],
      scrape_configs: Object.entries(metricsPorts).map(([service, port]) => ({
        job_name: service,
        static_configs: [
          {
            targets: [`127.0.0.1:${port}`],
            labels: { namespace: NAMESPACE, pod: `${service}-0`, service },
          },
        ],
      })),
    }),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    PROMETHEUS,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-10_000)));
  const stop = async () => {
    await stopProcess(child, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await untilReady(url, () => (child.exitCode === null ? null : log));
  } catch (error) {
    await stop();
    throw error;
  }
  const api = async <T>(path: string, params: Record<string, string>): Promise<T> => {
    const response = await fetch(`${url}${path}?${new URLSearchParams(params)}`);
    const answer = (await response.json()) as { status: string; data: T; error?: string };
    if (answer.status !== 'success') throw new Error(answer.error ?? `HTTP ${response.status}`);
    return answer.data;
  };
  type Matrix = { result: { metric: Record<string, string>; values: [number, string][] }[] };
  type Vector = { result: { metric: Record<string, string>; value: [number, string] }[] };
  return {
    url,
    query: async (expr, time) =>
      (await api<Vector>('/api/v1/query', { query: expr, time: String(time) })).result.map(
        ({ metric, value }) => ({ metric, values: [[value[0], Number(value[1])]] }),
      ),
    queryRange: async (expr, start, end, step) =>
      (
        await api<Matrix>('/api/v1/query_range', {
          query: expr,
          start: String(start),
          end: String(end),
          step: String(step),
        })
      ).result.map(({ metric, values }) => ({
        metric,
        values: values.map(([time, value]) => [time, Number(value)]),
      })),
    rules: async () =>
      (await api<{ groups: { rules: RuleState[] }[] }>('/api/v1/rules', {})).groups.flatMap(
        (group) => group.rules,
      ),
    stop,
  };
}

/**
 * Ready to answer queries, and every target scraped at least once and up; `exited` gives
 * Prometheus's log once it has exited (a bad config or rule file), else null.
 */
async function untilReady(url: string, exited: () => string | null): Promise<void> {
  for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 250))) {
    const log = exited();
    if (log !== null) throw new Error(`Prometheus exited:\n${log}`);
    const targets = await fetch(`${url}/api/v1/targets`)
      .then((r) => r.json() as Promise<{ data: { activeTargets: { health: string }[] } }>)
      .catch(() => null);
    const active = targets?.data.activeTargets ?? [];
    if (active.length > 0 && active.every((target) => target.health === 'up')) return;
    if (Date.now() > deadline)
      throw new Error(`Prometheus's targets are not all up: ${JSON.stringify(active)}`);
  }
}

/** Stops a child this process started, by its PID, and waits for it to exit. */
async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

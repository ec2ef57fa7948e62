import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..', '..');
const READY = 'Press Ctrl-C to stop everything.';
const START_WITHIN_MS = 150_000;

export interface KeyPair {
  id: string;
  secret: string;
}

/** The platform as `npm start` runs it, with what a scraper and a caller need to know of it. */
export interface RunningPlatform {
  baseUrl: string;
  test: KeyPair;
  /** Each process's own `GET /metrics` port, by service (the launcher's banner prints them). */
  metricsPorts: Record<string, number>;
  stop(): Promise<void>;
}

/**
 * Starts the launcher of `npm start` (apps/dev-stack: embedded PostgreSQL, the dev broker, the five
 * built services as processes) on a fresh DATA_DIR and free ports, as the e2e suite does.
 */
export async function startPlatform(): Promise<RunningPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'monitoring-platform-'));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user and must be able to enter it
  const port = await freePort();
  const launcher = spawn(
    process.execPath,
    ['-r', '@swc-node/register', 'apps/dev-stack/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        SWC_NODE_PROJECT: 'tsconfig.base.json',
        DATA_DIR: dataDir,
        PORT: String(port),
        KAFKA_PORT: String(await freePort()),
        METRICS_PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
        SERVICE_LOGS: 'files',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stop = async () => {
    await stopProcess(launcher, 'SIGINT');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const banner = await outputUntil(launcher, READY, START_WITHIN_MS);
    const credentials = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
      test: KeyPair;
    };
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      test: credentials.test,
      metricsPorts: metricsPortsIn(banner),
      stop,
    };
  } catch (error) {
    const logs = logTails(dataDir);
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logs}`, {
      cause: error,
    });
  }
}

/** The end of each service's log (SERVICE_LOGS=files), to say why a start failed. */
function logTails(dataDir: string): string {
  const logs = join(dataDir, 'logs');
  if (!existsSync(logs)) return '';
  return readdirSync(logs)
    .map((file) => `--- ${file}\n${readFileSync(join(logs, file), 'utf8').slice(-2000)}`)
    .join('\n');
}

/** "Metrics  gateway :9464, billing :40123, …" of the launcher's banner, by service. */
export function metricsPortsIn(banner: string): Record<string, number> {
  const line = banner.split('\n').find((candidate) => /^\s*Metrics\s/.test(candidate));
  const ports = Object.fromEntries(
    [...(line ?? '').matchAll(/(\w+) :(\d+)/g)].map(([, service, port]) => [service, Number(port)]),
  );
  if (Object.keys(ports).length === 0) throw new Error(`no metrics ports in:\n${banner}`);
  return ports;
}

/** Resolves with the child's output once it contains `ready`; rejects if it exits or takes too long. */
export async function outputUntil(
  child: ChildProcess,
  ready: string,
  timeoutMs: number,
): Promise<string> {
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-50_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  for (const deadline = Date.now() + timeoutMs; !output.includes(ready);) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${child.spawnfile} exited (${child.exitCode ?? child.signalCode}):\n${output}`,
      );
    if (Date.now() > deadline)
      throw new Error(`${child.spawnfile} was not ready within ${timeoutMs} ms:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return output;
}

/** Stops a child this process started, by its PID, and waits for it to exit. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

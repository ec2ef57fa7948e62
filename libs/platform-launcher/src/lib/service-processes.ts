import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, createWriteStream, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { LauncherConfig, ServiceName } from './launcher-config';

/** One process of a service; a service may run several, told apart by `replica`. */
export interface ServiceProcess {
  name: ServiceName;
  /** 0 for a service's first process: it keeps the plain name (`<name>.log`). */
  replica: number;
  url: string;
  child: ChildProcess;
}

const STOP_GRACE_MS = 10_000;
const COLOURS: Record<ServiceName, string> = {
  gateway: '36',
  billing: '35',
  payments: '33',
  settlements: '32',
  webhooks: '34',
};

/** `billing` for a service's first process, `billing-1` for its second: its log file and console prefix. */
export const processLabel = ({
  name,
  replica,
}: Pick<ServiceProcess, 'name' | 'replica'>): string =>
  replica === 0 ? name : `${name}-${replica}`;

/**
 * Runs a built service (`dist/apps/<name>/main.js`). Its output goes to `<dataDir>/logs/<label>.log`
 * and, unless the config says `files`, to the console too, prefixed with the label.
 */
export function startServiceProcess(
  name: ServiceName,
  replica: number,
  port: number,
  env: Record<string, string>,
  config: Pick<LauncherConfig, 'dataDir' | 'serviceLogs' | 'serviceNodeArgs'>,
): ServiceProcess {
  const label = processLabel({ name, replica });
  const logs = join(config.dataDir, 'logs');
  mkdirSync(logs, { recursive: true });
  const logFile = join(logs, `${label}.log`);
  const args = [
    ...config.serviceNodeArgs,
    '--enable-source-maps',
    join('dist', 'apps', name, 'main.js'),
  ];
  const childEnv = { ...process.env, ...env, PORT: String(port) };
  const url = `http://127.0.0.1:${port}`;
  if (config.serviceLogs === 'files') {
    // Straight to the file: nothing passes through the launcher.
    const fd = openSync(logFile, 'a');
    const child = spawn(process.execPath, args, { env: childEnv, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    return { name, replica, url, child };
  }
  const file = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = process.stdout.isTTY
    ? `\x1b[${COLOURS[name]}m${label.padEnd(11)}\x1b[0m`
    : label.padEnd(11);
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      file.write(`${line}\n`);
      process.stdout.write(`${prefix} ${line}\n`);
    });
  }
  child.once('exit', () => file.end());
  return { name, replica, url, child };
}

/**
 * Resolves when the service answers /health/ready and /health/kafka with 200 (the launcher prints its
 * banner once events flow too); fails if it exits or takes too long.
 */
export async function waitUntilReady(service: ServiceProcess, timeoutMs = 60_000): Promise<void> {
  const label = processLabel(service);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(service.child))
      throw new Error(
        `${label} exited with ${service.child.signalCode ? `signal ${service.child.signalCode}` : `code ${service.child.exitCode}`} while starting`,
      );
    try {
      const checks = await Promise.all(
        ['ready', 'kafka'].map((check) => fetch(`${service.url}/health/${check}`)),
      );
      if (checks.every((response) => response.ok)) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${label} was not ready within ${timeoutMs / 1000} s (see ${label}.log)`);
}

/** SIGTERM (the services drain and close), then SIGKILL for any that outlive the grace period. */
export async function stopServiceProcesses(services: readonly ServiceProcess[]): Promise<void> {
  await Promise.all(services.map(({ child }) => endProcess(child, 'SIGTERM', STOP_GRACE_MS)));
}

/**
 * Sends `signal` to a child this process started, by its pid, and waits for it to exit (SIGKILL
 * after `graceMs`, if given).
 */
export async function endProcess(
  child: ChildProcess,
  signal: NodeJS.Signals,
  graceMs?: number,
): Promise<void> {
  if (!isRunning(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = graceMs === undefined ? null : setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  if (timer) clearTimeout(timer);
}

export const isRunning = (child: ChildProcess): boolean =>
  child.exitCode === null && child.signalCode === null;

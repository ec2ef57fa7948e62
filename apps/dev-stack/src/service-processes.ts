import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, createWriteStream, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ServiceName } from './launcher-config';

export interface ServiceProcess {
  name: ServiceName;
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

/**
 * Runs a built service (`dist/apps/<name>/main.js`). Its output goes to `<dataDir>/logs/<name>.log`
 * and, unless SERVICE_LOGS=files, to the console too, prefixed with the service name.
 */
export function startServiceProcess(
  name: ServiceName,
  port: number,
  env: Record<string, string>,
  dataDir: string,
): ServiceProcess {
  const logs = join(dataDir, 'logs');
  mkdirSync(logs, { recursive: true });
  const logFile = join(logs, `${name}.log`);
  // SERVICE_NODE_ARGS adds Node flags to every service, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles".
  const nodeArgs = (process.env['SERVICE_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
  const args = [...nodeArgs, '--enable-source-maps', join('dist', 'apps', name, 'main.js')];
  const childEnv = { ...process.env, ...env, PORT: String(port) };
  if (process.env['SERVICE_LOGS'] === 'files') {
    // Straight to the file: nothing passes through the launcher.
    const fd = openSync(logFile, 'a');
    const child = spawn(process.execPath, args, { env: childEnv, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    return { name, url: `http://127.0.0.1:${port}`, child };
  }
  const file = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = process.stdout.isTTY
    ? `\x1b[${COLOURS[name]}m${name.padEnd(11)}\x1b[0m`
    : name.padEnd(11);
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      file.write(`${line}\n`);
      process.stdout.write(`${prefix} ${line}\n`);
    });
  }
  child.once('exit', () => file.end());
  return { name, url: `http://127.0.0.1:${port}`, child };
}

/**
 * Resolves when the service answers /health/ready and /health/kafka with 200 (the launcher prints its
 * banner once events flow too); fails if it exits or takes too long.
 */
export async function waitUntilReady(service: ServiceProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null)
      throw new Error(`${service.name} exited with code ${service.child.exitCode} while starting`);
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
  throw new Error(
    `${service.name} was not ready within ${timeoutMs / 1000} s (see ${service.name}.log)`,
  );
}

/** SIGTERM (the services drain and close), then SIGKILL for any that outlive the grace period. */
export async function stopServiceProcesses(services: readonly ServiceProcess[]): Promise<void> {
  await Promise.all(
    services.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }),
  );
}

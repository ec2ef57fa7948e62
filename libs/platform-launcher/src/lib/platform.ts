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
import { startRoundRobinFront } from './round-robin-front';
import type { RoundRobinFront } from './round-robin-front';
import { replicaEnvironment, serviceEnvironment, servicePort } from './service-environment';
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
  /**
   * Processes per service (default 1). With more, each replica listens on a port of its own (its own
   * metrics port and Kafka client id too; the same database, broker and consumer groups), and a
   * round-robin front takes the service's address: the gateway's public port, and each internal
   * service's, which the others reach it by.
   */
  replicas?: number;
}

/** One process of a service as a harness sees it. */
export interface ReplicaView {
  replica: number;
  /** `payments`, `payments-1`: its log file, Kafka client id and PostgreSQL application_name. */
  label: string;
  url: string;
  metricsUrl: string;
  running: boolean;
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
  /** The service's address (its front, with several replicas). */
  serviceUrl(service: ServiceName): string;
  /** How many processes each service runs. */
  readonly replicas: number;
  /** The service's processes, whether running or not. */
  replicasOf(service: ServiceName): ReplicaView[];
  /** Starts the service's processes that are not running (it is up once /health/ready answers). */
  startService(service: ServiceName): void;
  /** SIGKILL to one process of the service; its front sends its connections to the others. */
  killReplica(service: ServiceName, replica: number): Promise<void>;
  /** Resolves once that process answers /health/ready and /health/kafka. */
  replicaReady(service: ServiceName, replica: number): Promise<void>;
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
  let resolved: { config: LauncherConfig; addresses: ReplicatedAddresses } | null = null;
  /** With several replicas: one front per service, on the service's address. */
  const fronts: RoundRobinFront[] = [];
  let database: EmbeddedDatabase | null = null;
  let broker: DevBroker | null = null;
  /** The process table: a list of processes per service, by replica. */
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

  const replicaCount = options.replicas ?? 1;
  if (!Number.isSafeInteger(replicaCount) || replicaCount < 1)
    throw new Error(`replicas must be a whole number from 1, not ${replicaCount}`);
  /** Each replica's own API and metrics ports (with one replica: the service's own). */
  const replicaPorts = (service: ServiceName, replica: number) => {
    const { config: ready, addresses } = started();
    return replicaCount === 1
      ? {
          port: servicePort(service, ready, addresses),
          metricsPort: addresses.metricsPorts[service],
        }
      : addresses.replicaPorts[service][replica];
  };
  const startReplica = (service: ServiceName, replica: number) => {
    const { config: ready, addresses } = started();
    const processes = processesOf(service);
    if (processes[replica] && isRunning(processes[replica].child)) return;
    const { port, metricsPort } = replicaPorts(service, replica);
    const label = processLabel({ name: service, replica });
    const environment = serviceEnvironment(service, ready, addresses);
    const spawned = startServiceProcess(
      service,
      replica,
      port,
      replicaCount === 1
        ? environment
        : {
            ...environment,
            ...replicaEnvironment(label, metricsPort, addresses.databaseUrl(service)),
          },
      ready,
    );
    processes[replica] = spawned;
    services.set(service, processes);
    watch(label, spawned.child, async () => {
      startReplica(service, replica);
      const restarted = processesOf(service)[replica];
      if (restarted) await waitUntilReady(restarted, readyWithinMs(ready));
    });
  };
  const startService = (service: ServiceName) => {
    for (let replica = 0; replica < replicaCount; replica++) startReplica(service, replica);
  };
  const replicaProcess = (service: ServiceName, replica: number) => {
    const found = processesOf(service)[replica];
    if (!found) throw new Error(`${service} has no replica ${replica}`);
    return found;
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
      const metricsPortsOf = await metricsPorts(ready.metricsPort);
      const addresses: ReplicatedAddresses = {
        kafkaBrokers,
        databaseUrl,
        internalPorts: await internalPorts(),
        metricsPorts: metricsPortsOf,
        replicaPorts: await replicaPortsOf(replicaCount, metricsPortsOf),
      };
      resolved = { config: ready, addresses };
      if (replicaCount > 1)
        for (const service of SERVICES)
          fronts.push(
            await startRoundRobinFront(
              ready.listenHost,
              servicePort(service, ready, addresses),
              addresses.replicaPorts[service].map(({ port }) => port),
            ),
          );
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
    replicas: replicaCount,
    replicasOf: (service) =>
      Array.from({ length: replicaCount }, (_, replica) => {
        const spawned = processesOf(service)[replica];
        return {
          replica,
          label: processLabel({ name: service, replica }),
          url: `http://127.0.0.1:${replicaPorts(service, replica).port}`,
          metricsUrl: `http://127.0.0.1:${replicaPorts(service, replica).metricsPort}/metrics`,
          running: spawned !== undefined && isRunning(spawned.child),
        };
      }),
    startService,
    killReplica: async (service, replica) => {
      const { child } = replicaProcess(service, replica);
      onPurpose([child]);
      await endProcess(child, 'SIGKILL');
    },
    replicaReady: (service, replica) =>
      waitUntilReady(replicaProcess(service, replica), readyWithinMs(started().config)),
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
      await Promise.all(fronts.map((front) => front.close()));
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

interface ReplicaPorts {
  port: number;
  metricsPort: number;
}

/** The services' addresses, and with several replicas each replica's own ports (the services' are their fronts'). */
interface ReplicatedAddresses extends PlatformAddresses {
  replicaPorts: Record<ServiceName, ReplicaPorts[]>;
}

const emptyReplicaPorts = (): Record<ServiceName, ReplicaPorts[]> =>
  Object.fromEntries(SERVICES.map((service) => [service, []])) as unknown as Record<
    ServiceName,
    ReplicaPorts[]
  >;

/** With several replicas, free ports for each (the first keeps the service's metrics port); with one, none. */
async function replicaPortsOf(
  count: number,
  metricsPorts: Record<ServiceName, number>,
): Promise<Record<ServiceName, ReplicaPorts[]>> {
  const ports = emptyReplicaPorts();
  if (count === 1) return ports;
  for (const service of SERVICES)
    for (let replica = 0; replica < count; replica++)
      ports[service].push({
        port: await freePort(),
        metricsPort: replica === 0 ? metricsPorts[service] : await freePort(),
      });
  return ports;
}

/**
 * `npm start`: the whole platform on one machine. Embedded PostgreSQL (one database per service) and
 * the dev Kafka broker unless DATABASE_URL_<SERVICE> / KAFKA_BROKERS point elsewhere, then the five
 * services as separate processes, then a development account; prints how to call it.
 */
import { startBroker } from '@platform/embedded-kafka';
import type { RunningBroker } from '@platform/embedded-kafka';
import { freePort } from '@platform/ports';
import { banner } from './banner';
import { ensureDevAccount } from './dev-account';
import { startEmbeddedDatabase } from './embedded-database';
import type { EmbeddedDatabase } from './embedded-database';
import { readLauncherConfig, SERVICES } from './launcher-config';
import type { LauncherConfig, ServiceName } from './launcher-config';
import { serviceEnvironment, servicePort } from './service-environment';
import type { InternalService } from './service-environment';
import { startServiceProcess, stopServiceProcesses, waitUntilReady } from './service-processes';
import type { ServiceProcess } from './service-processes';

interface Running {
  database: EmbeddedDatabase | null;
  broker: RunningBroker | null;
  services: ServiceProcess[];
}

const running: Running = { database: null, broker: null, services: [] };
let stopping = false;

async function main(): Promise<void> {
  const config = readLauncherConfig();
  process.once('SIGINT', () => void shutdown('Ctrl-C received', 0));
  process.once('SIGTERM', () => void shutdown('SIGTERM received', 0));
  const databaseUrl = await databases(config);
  const kafkaBrokers = await kafka(config);
  const addresses = {
    kafkaBrokers,
    databaseUrl,
    internalPorts: await internalPorts(),
    metricsPorts: await metricsPorts(config),
  };
  for (const name of SERVICES.filter((service) => service !== 'gateway')) {
    running.services.push(
      startServiceProcess(
        name,
        servicePort(name, config, addresses),
        serviceEnvironment(name, config, addresses),
        config.dataDir,
      ),
    );
  }
  running.services.push(
    startServiceProcess(
      'gateway',
      config.port,
      serviceEnvironment('gateway', config, addresses),
      config.dataDir,
    ),
  );
  for (const service of running.services) watch(service);
  await Promise.all(running.services.map((service) => waitUntilReady(service)));
  const baseUrl = `http://localhost:${config.port}`;
  const { account, created } = await ensureDevAccount(
    `http://127.0.0.1:${config.port}`,
    config.adminToken,
    config.dataDir,
  );
  process.stdout.write(
    banner({
      baseUrl,
      adminToken: config.adminToken,
      account,
      accountCreated: created,
      kafkaBootstrap: kafkaBrokers,
      dataDir: config.dataDir,
      metricsPorts: addresses.metricsPorts,
    }),
  );
}

async function databases(config: LauncherConfig): Promise<(service: ServiceName) => string> {
  const missing = SERVICES.filter((service) => !config.databaseUrls[service]);
  if (missing.length > 0) {
    log(`starting embedded PostgreSQL for ${missing.join(', ')}`);
    running.database = await startEmbeddedDatabase(config.dataDir, missing);
  }
  return (service) =>
    config.databaseUrls[service] ?? (running.database as EmbeddedDatabase).url(service);
}

async function kafka(config: LauncherConfig): Promise<string> {
  if (config.kafkaBrokers) return config.kafkaBrokers;
  log(`starting the dev Kafka broker on port ${config.kafkaPort}`);
  running.broker = await startBroker({
    port: config.kafkaPort,
    dataDir: `${config.dataDir}/kafka`,
    defaultPartitions: 3,
  });
  return running.broker.brokers.join(',');
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

/** The gateway's metrics port is the configured one; the services' are free ports, printed in the banner. */
async function metricsPorts(config: LauncherConfig): Promise<Record<ServiceName, number>> {
  return {
    gateway: config.metricsPort,
    billing: await freePort(),
    payments: await freePort(),
    settlements: await freePort(),
    webhooks: await freePort(),
  };
}

/** A child that dies is reported, and takes the platform down with it: nothing half-running. */
function watch(service: ServiceProcess): void {
  service.child.once('exit', (code, signal) => {
    if (stopping) return;
    void shutdown(
      `${service.name} stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}); see ${service.name}.log`,
      1,
    );
  });
}

async function shutdown(reason: string, exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`${reason}: stopping every service`);
  await stopServiceProcesses(running.services);
  await running.broker?.stop();
  await running.database?.stop();
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

import type { LauncherConfig, ServiceName } from './launcher-config';

export type InternalService = Exclude<ServiceName, 'gateway'>;

export interface PlatformAddresses {
  kafkaBrokers: string;
  databaseUrl: (service: ServiceName) => string;
  /** The services behind the gateway listen on free ports of their own (they are not meant to be called directly). */
  internalPorts: Record<InternalService, number>;
  /** Each service's own `GET /metrics` port (never its API port). */
  metricsPorts: Record<ServiceName, number>;
}

/**
 * The environment of one service as the launcher runs it (every process of it gets the same).
 * What a service needs of the others: payments asks billing about customers and
 * settlements about payments' settlements; billing and settlements catch up on payments' events; payments and billing name the gateway's public URL;
 * webhooks asks payments and billing for entities a payload needs; the gateway routes to all four.
 * Webhooks may point at this machine (a local receiver): npm start is for development.
 */
export function serviceEnvironment(
  name: ServiceName,
  config: LauncherConfig,
  addresses: PlatformAddresses,
): Record<string, string> {
  const internalUrl = (service: InternalService) =>
    `http://127.0.0.1:${addresses.internalPorts[service]}`;
  const publicBaseUrl = `http://localhost:${config.port}`;
  const specific: Record<ServiceName, Record<string, string>> = {
    gateway: {
      BILLING_URL: internalUrl('billing'),
      PAYMENTS_URL: internalUrl('payments'),
      SETTLEMENTS_URL: internalUrl('settlements'),
      WEBHOOKS_URL: internalUrl('webhooks'),
      ADMIN_TOKEN: config.adminToken,
      KEY_SECRET_KEY: config.keySecretKey,
    },
    payments: {
      BILLING_URL: internalUrl('billing'),
      SETTLEMENTS_URL: internalUrl('settlements'),
      PUBLIC_BASE_URL: publicBaseUrl,
    },
    billing: { PUBLIC_BASE_URL: publicBaseUrl, PAYMENTS_URL: internalUrl('payments') },
    settlements: { PAYMENTS_URL: internalUrl('payments') },
    webhooks: {
      PAYMENTS_URL: internalUrl('payments'),
      BILLING_URL: internalUrl('billing'),
      SETTLEMENTS_URL: internalUrl('settlements'),
      WEBHOOK_SECRET_KEY: config.webhookSecretKey,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      ...config.smtp,
    },
  };
  return {
    KAFKA_BROKERS: addresses.kafkaBrokers,
    INTERNAL_TOKEN: config.internalToken,
    LOG_LEVEL: config.logLevel,
    DATABASE_URL: addresses.databaseUrl(name),
    METRICS_PORT: String(addresses.metricsPorts[name]),
    LISTEN_HOST: config.listenHost,
    ...specific[name],
  };
}

/** The port a service listens on: the gateway's is the platform's public port. */
export function servicePort(
  name: ServiceName,
  config: LauncherConfig,
  addresses: PlatformAddresses,
): number {
  return name === 'gateway' ? config.port : addresses.internalPorts[name];
}

/**
 * What sets one replica of a service apart when it runs several: its metrics port, and its label as
 * Kafka client id and PostgreSQL application_name, so that its group members and its sessions (the
 * relay's advisory lock among them) can be told from the other replicas'.
 */
export function replicaEnvironment(
  label: string,
  metricsPort: number,
  databaseUrl: string,
): Record<string, string> {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', label);
  return {
    METRICS_PORT: String(metricsPort),
    KAFKA_CLIENT_ID: label,
    DATABASE_URL: url.toString(),
  };
}

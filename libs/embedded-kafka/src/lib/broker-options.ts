import type { TlsOptions } from 'node:tls';
import type { BrokerLogger } from './broker-logger';
import type { SaslSettings } from './sasl/sasl-session';

export interface BrokerOptions {
  /** TCP port; 0 picks a free one (read it from the handle). */
  port: number;
  /** Folder for topics, logs and committed offsets; without one everything lives in memory. */
  dataDir?: string;
  /**
   * Listen address. Default: loopback on both 127.0.0.1 and ::1, so `localhost` works whichever
   * family it resolves to. Use `0.0.0.0` or `::` to accept connections from other machines.
   */
  host?: string;
  /** Host clients are told to connect to in Metadata. Default 127.0.0.1 (or `host` if it is specific). */
  advertisedHost?: string;
  /** Port clients are told to connect to (Kafka's advertised.listeners), e.g. behind a port forward. Default: the listening port. */
  advertisedPort?: number;
  nodeId?: number;
  clusterId?: string;
  /** Kafka's auto.create.topics.enable (default true). */
  autoCreateTopics?: boolean;
  /** Kafka's num.partitions, for auto-created topics and CreateTopics without a count (default 1). */
  defaultPartitions?: number;
  /** Kafka's socket.request.max.bytes (default 100 MiB): larger requests close the connection. */
  maxRequestBytes?: number;
  /** Kafka's message.max.bytes (default 1 MiB + 12): larger batches get MESSAGE_TOO_LARGE. */
  maxMessageBytes?: number;
  /** Kafka's group.initial.rebalance.delay.ms (default 0 here, 3000 in Kafka: it slows every start-up). */
  initialRebalanceDelayMs?: number;
  /** Kafka's group.min.session.timeout.ms (default 6000). */
  minSessionTimeoutMs?: number;
  /** Kafka's group.max.session.timeout.ms (default 1800000). */
  maxSessionTimeoutMs?: number;
  /** fdatasync every append and commit before answering (default false: data is in the OS page cache). */
  syncEveryWrite?: boolean;
  logger?: BrokerLogger;
  /**
   * Listen with TLS (Kafka's SSL listener): `key` and `cert` (PEM); with `ca` and
   * `requestCert: true, rejectUnauthorized: true`, clients must present a certificate it signed (mTLS).
   */
  tls?: Pick<TlsOptions, 'key' | 'cert' | 'ca' | 'requestCert' | 'rejectUnauthorized'>;
  /** Require SASL authentication (Kafka's SASL listener): the mechanisms offered and the users. */
  sasl?: SaslSettings;
}

export type ResolvedBrokerOptions = Required<
  Omit<BrokerOptions, 'dataDir' | 'host' | 'advertisedPort' | 'tls' | 'sasl'>
> & {
  dataDir: string | null;
  host: string | null;
  advertisedPort: number | null;
  tls: BrokerOptions['tls'] | null;
  sasl: SaslSettings | null;
};

export function resolveOptions(
  options: BrokerOptions,
  silent: BrokerLogger,
): ResolvedBrokerOptions {
  const host = options.host ?? null;
  const resolved: ResolvedBrokerOptions = {
    port: options.port,
    dataDir: options.dataDir ?? null,
    host,
    advertisedHost: options.advertisedHost ?? (host && !isWildcard(host) ? host : '127.0.0.1'),
    advertisedPort: options.advertisedPort ?? null,
    nodeId: options.nodeId ?? 1,
    clusterId: options.clusterId ?? 'embedded-kafka',
    autoCreateTopics: options.autoCreateTopics ?? true,
    defaultPartitions: options.defaultPartitions ?? 1,
    maxRequestBytes: options.maxRequestBytes ?? 100 * 1024 * 1024,
    maxMessageBytes: options.maxMessageBytes ?? 1024 * 1024 + 12,
    initialRebalanceDelayMs: options.initialRebalanceDelayMs ?? 0,
    minSessionTimeoutMs: options.minSessionTimeoutMs ?? 6000,
    maxSessionTimeoutMs: options.maxSessionTimeoutMs ?? 1_800_000,
    syncEveryWrite: options.syncEveryWrite ?? false,
    logger: options.logger ?? silent,
    tls: options.tls ?? null,
    sasl: options.sasl ?? null,
  };
  assertValid(resolved);
  return resolved;
}

function assertValid(options: ResolvedBrokerOptions): void {
  const checks: [boolean, string][] = [
    [
      Number.isInteger(options.port) && options.port >= 0 && options.port <= 65535,
      `port must be 0-65535, got ${options.port}`,
    ],
    [
      Number.isInteger(options.defaultPartitions) && options.defaultPartitions >= 1,
      'defaultPartitions must be at least 1',
    ],
    [
      options.maxMessageBytes > 0 && options.maxRequestBytes >= options.maxMessageBytes,
      'maxRequestBytes must be at least maxMessageBytes',
    ],
    [
      options.minSessionTimeoutMs <= options.maxSessionTimeoutMs,
      'minSessionTimeoutMs must not exceed maxSessionTimeoutMs',
    ],
    [options.initialRebalanceDelayMs >= 0, 'initialRebalanceDelayMs must not be negative'],
    [
      options.sasl === null || options.sasl.mechanisms.length > 0,
      'sasl.mechanisms must name at least one mechanism',
    ],
  ];
  const problems = checks.filter(([ok]) => !ok).map(([, message]) => message);
  if (problems.length > 0) throw new Error(`Invalid broker options: ${problems.join('; ')}`);
}

function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || host === '::';
}

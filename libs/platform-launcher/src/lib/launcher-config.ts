import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SERVICES = ['gateway', 'billing', 'payments', 'settlements', 'webhooks'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** `console-and-files`: each service's output goes to its log file and, prefixed, to the launcher's console. */
export type ServiceLogs = 'console-and-files' | 'files';

/** Every port is a number from 1 to 65535, or 0 for any free port (taken when the platform starts). */
export interface LauncherConfig {
  port: number;
  /** The gateway's metrics port (METRICS_PORT, default 9464); the services behind it take free ones. */
  metricsPort: number;
  dataDir: string;
  adminToken: string;
  internalToken: string;
  /** The key webhook secrets are encrypted under (32 bytes, base64): kept in DATA_DIR, as the data it protects is. */
  webhookSecretKey: string;
  /** The key API key secrets are sealed under (32 bytes, base64), for Checkout's signatures: kept in DATA_DIR with the keys it seals. */
  keySecretKey: string;
  /** SMTP_URL and SMTP_FROM of the launcher's environment, for webhooks' alert e-mails; without them alerts go to the log. */
  smtp: { SMTP_URL?: string; SMTP_FROM?: string };
  /** Given database URLs replace the embedded PostgreSQL for that service. */
  databaseUrls: Partial<Record<ServiceName, string>>;
  /** Given brokers replace the dev broker. */
  kafkaBrokers: string | null;
  kafkaPort: number;
  logLevel: string;
  /** SERVICE_LOGS=files: the services log to their files only, nothing passes through the launcher. */
  serviceLogs: ServiceLogs;
  /** SERVICE_NODE_ARGS: Node flags for every service, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles". */
  serviceNodeArgs: string[];
  /** LISTEN_HOST: where every service's API and metrics ports listen; 127.0.0.1 (this machine) unless widened, e.g. 0.0.0.0. */
  listenHost: string;
  /** SERVICES_READY_WITHIN_SECONDS (default 60): how long the services have to become ready at start. */
  readyWithinMs: number;
}

/** Everything from the environment, with the defaults of `npm start`; secrets persist in DATA_DIR. */
export function readLauncherConfig(env: NodeJS.ProcessEnv = process.env): LauncherConfig {
  const dataDir = resolve(env['DATA_DIR'] || '.data');
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadOrCreateSecrets(dataDir);
  const databaseUrls: LauncherConfig['databaseUrls'] = {};
  for (const service of SERVICES) {
    const url = env[`DATABASE_URL_${service.toUpperCase()}`];
    if (url) databaseUrls[service] = url;
  }
  return {
    port: toPort('PORT', env['PORT'] ?? '3000'),
    metricsPort: toPort('METRICS_PORT', env['METRICS_PORT'] ?? '9464'),
    dataDir,
    adminToken: env['ADMIN_TOKEN'] || secrets.adminToken,
    internalToken: secrets.internalToken,
    webhookSecretKey: secrets.webhookSecretKey,
    keySecretKey: secrets.keySecretKey,
    smtp: {
      ...(env['SMTP_URL'] ? { SMTP_URL: env['SMTP_URL'] } : {}),
      ...(env['SMTP_FROM'] ? { SMTP_FROM: env['SMTP_FROM'] } : {}),
    },
    databaseUrls,
    kafkaBrokers: env['KAFKA_BROKERS'] || null,
    kafkaPort: toPort('KAFKA_PORT', env['KAFKA_PORT'] ?? '9092'),
    logLevel: env['LOG_LEVEL'] || 'info',
    serviceLogs: env['SERVICE_LOGS'] === 'files' ? 'files' : 'console-and-files',
    serviceNodeArgs: (env['SERVICE_NODE_ARGS'] ?? '').split(' ').filter(Boolean),
    listenHost: env['LISTEN_HOST'] || '127.0.0.1',
    readyWithinMs: positiveSeconds(env['SERVICES_READY_WITHIN_SECONDS'] ?? '60') * 1000,
  };
}

function positiveSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isSafeInteger(seconds) || seconds <= 0)
    throw new Error(
      `SERVICES_READY_WITHIN_SECONDS must be a whole number of seconds, not "${value}"`,
    );
  return seconds;
}

interface Secrets {
  adminToken: string;
  internalToken: string;
  webhookSecretKey: string;
  keySecretKey: string;
}

const NEW_SECRETS: { [name in keyof Secrets]: () => string } = {
  adminToken: () => randomBytes(24).toString('base64url'),
  internalToken: () => randomBytes(32).toString('base64url'),
  webhookSecretKey: () => randomBytes(32).toString('base64'),
  keySecretKey: () => randomBytes(32).toString('base64'),
};

/**
 * `<dataDir>/secrets.json` (mode 600): made on the first start. A file from an older launcher keeps
 * what it has and gets the secrets it lacks (webhookSecretKey came with the webhooks service,
 * keySecretKey with Checkout).
 */
export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = join(dataDir, 'secrets.json');
  const stored = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>)
    : {};
  const missing = (Object.keys(NEW_SECRETS) as (keyof Secrets)[]).filter((name) => !stored[name]);
  if (missing.length === 0) return stored as Secrets;
  const secrets = {
    ...stored,
    ...Object.fromEntries(missing.map((name) => [name, NEW_SECRETS[name]()])),
  } as Secrets;
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function toPort(name: string, value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(
      `${name} must be a port number (1-65535, or 0 for any free port), got "${value}"`,
    );
  return port;
}

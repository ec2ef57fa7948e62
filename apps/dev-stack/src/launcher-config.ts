import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const SERVICES = ['gateway', 'billing', 'payments', 'settlements'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface LauncherConfig {
  port: number;
  dataDir: string;
  adminToken: string;
  internalToken: string;
  /** Given database URLs replace the embedded PostgreSQL for that service. */
  databaseUrls: Partial<Record<ServiceName, string>>;
  /** Given brokers replace the dev broker. */
  kafkaBrokers: string | null;
  kafkaPort: number;
  logLevel: string;
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
    dataDir,
    adminToken: env['ADMIN_TOKEN'] || secrets.adminToken,
    internalToken: secrets.internalToken,
    databaseUrls,
    kafkaBrokers: env['KAFKA_BROKERS'] || null,
    kafkaPort: toPort('KAFKA_PORT', env['KAFKA_PORT'] ?? '9092'),
    logLevel: env['LOG_LEVEL'] || 'info',
  };
}

function loadOrCreateSecrets(dataDir: string): { adminToken: string; internalToken: string } {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { adminToken: string; internalToken: string };
  const secrets = { adminToken: randomBytes(24).toString('base64url'), internalToken: randomBytes(32).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function toPort(name: string, value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name} must be a port number (1-65535), got "${value}"`);
  return port;
}

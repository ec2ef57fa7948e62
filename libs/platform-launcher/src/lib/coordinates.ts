import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DevAccount } from './dev-account';
import type { ServiceName } from './launcher-config';

/** How to reach a running platform: what `npm start` prints in its banner, for programs. */
export interface PlatformCoordinates {
  /** `http://127.0.0.1:<port>`: the gateway, the platform's one public address. */
  baseUrl: string;
  port: number;
  kafkaBrokers: string;
  /** Each service's own `GET /metrics` port. */
  metricsPorts: Record<ServiceName, number>;
  dataDir: string;
  adminToken: string;
  account: DevAccount;
  /** True when this start made the development account (the first start on this DATA_DIR). */
  accountCreated: boolean;
}

const FILE = 'platform.json';

/**
 * `<dataDir>/platform.json` (mode 600: it holds the key pairs and the admin token), written by the
 * launcher once every service is ready and removed when it stops: a program that started the launcher
 * in a child process reads it to know where everything listens.
 */
export function writeCoordinates(coordinates: PlatformCoordinates): void {
  const file = join(coordinates.dataDir, FILE);
  // Written whole, then renamed: a reader waiting for the file never sees half of it.
  writeFileSync(`${file}.partial`, JSON.stringify(coordinates, null, 2), { mode: 0o600 });
  renameSync(`${file}.partial`, file);
}

/** The coordinates the launcher running on `dataDir` wrote, or null while it has written none. */
export function readCoordinates(dataDir: string): PlatformCoordinates | null {
  const file = join(dataDir, FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PlatformCoordinates) : null;
}

export function removeCoordinates(dataDir: string): void {
  rmSync(join(dataDir, FILE), { force: true });
}

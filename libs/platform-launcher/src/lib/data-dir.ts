import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh DATA_DIR under the system's temporary directory, for a platform that goes when it stops. */
export function temporaryDataDir(prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user when this runs as root, and must be able to enter it
  return dataDir;
}

import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh DATA_DIR under the system's temporary directory, for a platform that goes when it stops. */
export function temporaryDataDir(prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  // Run as root, PostgreSQL runs as a user of its own, which must be able to enter it.
  chmodSync(dataDir, 0o755);
  return dataDir;
}

import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

/** Ctrl-C for the launcher: it stops the services, the broker and PostgreSQL, then the data goes. */
export default async function stopPlatform(): Promise<void> {
  const platform = (
    globalThis as {
      __PLATFORM__?: { launcher: ChildProcess; dataDir: string; collector?: { close(): void } };
    }
  ).__PLATFORM__;
  if (!platform) return;
  const exited = new Promise((resolve) => platform.launcher.once('exit', resolve));
  platform.launcher.kill('SIGINT');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  rmSync(platform.dataDir, { recursive: true, force: true });
  platform.collector?.close();
}

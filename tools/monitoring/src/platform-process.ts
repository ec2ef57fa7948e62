import { startLauncherProcess } from '@platform/platform-launcher';
import type { LauncherProcess } from '@platform/platform-launcher';

/**
 * The platform as `npm start` runs it, in a child process (this runs in jest too, where the launcher
 * itself cannot), its services logging to files only and at warn: Prometheus reads their metrics.
 */
export function startPlatform(): Promise<LauncherProcess> {
  return startLauncherProcess({
    name: 'monitoring-platform',
    env: { LOG_LEVEL: 'warn', SERVICE_LOGS: 'files' },
  });
}

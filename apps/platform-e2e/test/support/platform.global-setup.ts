/**
 * Starts the platform exactly as `npm start` does (the launcher, in a child process, with a fresh
 * DATA_DIR and free ports) and publishes its coordinates to the tests through environment variables.
 */
import { join } from 'node:path';
// By path: jest runs global setup outside its module mapper, where @platform/* does not resolve.
// eslint-disable-next-line @nx/enforce-module-boundaries -- the launcher's client imports only Node's modules and its own folder
import { startLauncherProcess } from '../../../../libs/platform-launcher/src/lib/launcher-process';
import { startTraceCollector } from './trace-collector';

export default async function startPlatform(): Promise<void> {
  // Every service exports its traces here (OTLP/HTTP), every 200 ms: tracing.e2e.spec.ts reads them.
  const collector = await startTraceCollector();
  const launcher = await startLauncherProcess({
    name: 'platform-e2e',
    env: {
      LOG_LEVEL: 'warn',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
    readyWithinMs: 120_000,
  }).catch((error: unknown) => {
    collector.server.close();
    throw error;
  });
  (globalThis as { __PLATFORM__?: unknown }).__PLATFORM__ = {
    launcher,
    collector: collector.server,
  };
  const { baseUrl, kafkaBrokers, metricsPorts, adminToken, account, dataDir } =
    launcher.coordinates;
  Object.assign(process.env, {
    E2E_BASE_URL: baseUrl,
    E2E_KAFKA: kafkaBrokers,
    E2E_TRACE_COLLECTOR: collector.url,
    // Where the public API's traffic is recorded (given, it is kept after the run).
    E2E_TRAFFIC_FILE: process.env['E2E_TRAFFIC_FILE'] ?? join(dataDir, 'public-api-traffic.jsonl'),
    E2E_GATEWAY_METRICS_URL: `http://127.0.0.1:${metricsPorts.gateway}/metrics`,
    E2E_ADMIN_TOKEN: adminToken,
    E2E_ACCOUNT: JSON.stringify(account),
  });
}

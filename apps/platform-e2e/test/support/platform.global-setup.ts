/**
 * Starts the platform exactly as `npm start` does (the launcher, with a fresh DATA_DIR and free
 * ports) and publishes its coordinates to the tests through environment variables.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { startTraceCollector } from './trace-collector';

const ROOT = join(__dirname, '..', '..', '..', '..');
const READY = 'Press Ctrl-C to stop everything.';

export default async function startPlatform(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-e2e-'));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user and must be able to enter it
  const [port, kafkaPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
  // Every service exports its traces here (OTLP/HTTP), every 200 ms: tracing.e2e.spec.ts reads them.
  const collector = await startTraceCollector();
  const launcher = spawn(
    process.execPath,
    ['-r', '@swc-node/register', 'apps/dev-stack/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        SWC_NODE_PROJECT: 'tsconfig.base.json',
        DATA_DIR: dataDir,
        PORT: String(port),
        KAFKA_PORT: String(kafkaPort),
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: 'warn',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  launcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (!output.includes(READY)) {
    if (launcher.exitCode !== null)
      throw new Error(`the launcher exited with ${launcher.exitCode}:\n${output}`);
    if (Date.now() > deadline)
      throw new Error(`the platform was not ready within 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  (globalThis as { __PLATFORM__?: unknown }).__PLATFORM__ = {
    launcher,
    dataDir,
    collector: collector.server,
  };
  const credentials = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
    accountId: string;
    test: { id: string; secret: string };
    live: { id: string; secret: string };
  };
  const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as {
    adminToken: string;
  };
  Object.assign(process.env, {
    E2E_BASE_URL: `http://127.0.0.1:${port}`,
    E2E_KAFKA: `127.0.0.1:${kafkaPort}`,
    E2E_TRACE_COLLECTOR: collector.url,
    // Where the public API's traffic is recorded (given, it is kept after the run).
    E2E_TRAFFIC_FILE: process.env['E2E_TRAFFIC_FILE'] ?? join(dataDir, 'public-api-traffic.jsonl'),
    E2E_GATEWAY_METRICS_URL: `http://127.0.0.1:${metricsPort}/metrics`,
    E2E_ADMIN_TOKEN: secrets.adminToken,
    E2E_ACCOUNT: JSON.stringify(credentials),
  });
}

/** (Local copy: jest runs global setup outside its module mapper, where @platform/* does not resolve.) */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

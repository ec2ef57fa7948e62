import { parseArgs } from 'node:util';
import { jsonLogger } from './lib/broker-logger';
import type { LogLevel } from './lib/broker-logger';
import { startBroker } from './lib/broker';

const USAGE = `Usage: npm run broker -- [--port 9092] [--data-dir DIR] [--host ADDR] [--advertised-host HOST]
                          [--partitions N] [--no-auto-create] [--sync] [--log-level debug|info|warn|error]

Starts the single-node Kafka-protocol dev broker. Without --data-dir everything is kept in memory.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env['KAFKA_PORT'] ?? '9092' },
      'data-dir': { type: 'string' },
      host: { type: 'string' },
      'advertised-host': { type: 'string' },
      partitions: { type: 'string', default: '1' },
      'no-auto-create': { type: 'boolean', default: false },
      sync: { type: 'boolean', default: false },
      'log-level': { type: 'string', default: 'info' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const broker = await startBroker({
    port: toInteger('--port', values.port),
    dataDir: values['data-dir'],
    host: values.host,
    advertisedHost: values['advertised-host'],
    defaultPartitions: toInteger('--partitions', values.partitions),
    autoCreateTopics: !values['no-auto-create'],
    syncEveryWrite: values.sync,
    logger: jsonLogger(values['log-level'] as LogLevel),
  });
  const storage = values['data-dir']
    ? `data in ${values['data-dir']}`
    : 'in memory, nothing is kept on stop';
  process.stdout.write(`Kafka broker listening on ${broker.brokers.join(',')} (${storage})\n`);
  const shutdown = (signal: string): void => {
    process.stdout.write(`${signal} received, stopping the broker\n`);
    broker.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`failed to stop cleanly: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

function toInteger(flag: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new Error(`${flag} must be an integer, got "${value}"`);
  return parsed;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
  process.exit(1);
});

import { startBroker } from '@platform/embedded-kafka';
import type { RunningBroker } from '@platform/embedded-kafka';

/**
 * A Kafka broker for a spec: the run's shared one when KAFKA_TEST_BROKERS names it (the Apache Kafka
 * container of TEST_INFRA=containers, or an outside cluster), else a dev broker of the spec's own.
 * The shared broker outlives the spec: its `stop` leaves it running (the global teardown stops it).
 */
export async function startTestBroker(): Promise<RunningBroker> {
  const shared = process.env['KAFKA_TEST_BROKERS'];
  if (!shared) return startBroker({ port: 0 });
  const brokers = shared.split(',');
  return {
    brokers,
    port: Number(new URL(`kafka://${brokers[0]}`).port),
    stop: async () => undefined,
  };
}

import { randomUUID } from 'node:crypto';
import type { RunningBroker } from '@platform/embedded-kafka';
import { Kafka, logLevel } from 'kafkajs';

/** Publishes the gateway's test_clock.advanced for the account, as the gateway's relay would. */
export async function advanceTestClock(
  broker: RunningBroker,
  accountId: string,
  offsetSeconds: number,
): Promise<void> {
  const producer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  const now = Math.floor(Date.now() / 1000) + offsetSeconds;
  const event = {
    id: randomUUID(),
    type: 'test_clock.advanced',
    schema_version: 1,
    account_id: accountId,
    mode: 'test',
    stream_id: accountId,
    stream_version: offsetSeconds,
    occurred_at: now,
    correlation_id: null,
    causation_id: null,
    data: {
      test_clock: {
        entity: 'test_clock',
        account_id: accountId,
        offset_seconds: offsetSeconds,
        now,
      },
    },
  };
  await producer.send({
    topic: 'gateway.test_clock',
    messages: [{ key: accountId, value: JSON.stringify(event) }],
  });
  await producer.disconnect();
}

import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import type {
  Admin,
  Consumer,
  ConsumerConfig,
  EachMessagePayload,
  KafkaConfig,
  Producer,
  ProducerConfig,
} from 'kafkajs';
import { startBroker } from '../../src';
import type { BrokerOptions, RunningBroker } from '../../src';
import { waitFor } from '@platform/testing-core';

/** A broker on a free port; session timeouts down to 1 s so tests can watch members expire quickly. */
export function startTestBroker(options: Partial<BrokerOptions> = {}): Promise<RunningBroker> {
  return startBroker({ port: 0, minSessionTimeoutMs: 1000, ...options });
}

export function kafkaClient(
  brokers: string[],
  clientId = 'test',
  config: Partial<KafkaConfig> = {},
): Kafka {
  return new Kafka({
    brokers,
    clientId,
    logLevel: logLevel.NOTHING,
    retry: { initialRetryTime: 100, retries: 8 },
    ...config,
  });
}

export interface BrokerWithClients {
  broker: RunningBroker;
  kafka: Kafka;
  admin: Admin;
  producer: Producer;
  stop(): Promise<void>;
}

/** A test broker with a connected admin and producer (made with `producerConfig`): a file's setup. */
export async function startBrokerWithClients(
  producerConfig?: ProducerConfig,
): Promise<BrokerWithClients> {
  const broker = await startTestBroker();
  const kafka = kafkaClient(broker.brokers);
  const admin = kafka.admin();
  const producer = kafka.producer(producerConfig);
  await Promise.all([admin.connect(), producer.connect()]);
  return {
    broker,
    kafka,
    admin,
    producer,
    async stop() {
      await Promise.all([admin.disconnect(), producer.disconnect()]);
      await broker.stop();
    },
  };
}

/** Group timings that make rebalances take a second or two instead of tens of seconds. */
export const QUICK_GROUP_TIMINGS = {
  sessionTimeout: 3000,
  heartbeatInterval: 300,
  rebalanceTimeout: 10000,
  maxWaitTimeInMs: 200,
};

export function quickConsumer(
  groupId: string,
  overrides: Partial<ConsumerConfig> = {},
): ConsumerConfig {
  return { groupId, ...QUICK_GROUP_TIMINGS, ...overrides };
}

const started = new Set<{ disconnect(): Promise<void> }>();

/**
 * A consumer that `stopStartedConsumers` (run it in afterEach) disconnects whatever the test did:
 * a failed test must not leave a consumer running and keep jest alive.
 */
export function startedConsumer(kafka: Kafka, config: ConsumerConfig): Consumer {
  const consumer = kafka.consumer(config);
  started.add(consumer);
  return consumer;
}

export function trackForCleanup(resource: { disconnect(): Promise<void> }): void {
  started.add(resource);
}

export async function stopStartedConsumers(): Promise<void> {
  await Promise.allSettled([...started].map((resource) => resource.disconnect()));
  started.clear();
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export { waitFor };

export interface Received {
  partition: number;
  offset: number;
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
}

export function toReceived({ partition, message }: EachMessagePayload): Received {
  const headers = Object.fromEntries(
    Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)]),
  );
  return {
    partition,
    offset: Number(message.offset),
    key: message.key?.toString() ?? null,
    value: message.value?.toString() ?? null,
    headers,
  };
}

/** Runs `consumer` until it has received `count` messages, then returns them (it keeps running). */
export async function consumeAtLeast(
  consumer: Consumer,
  topic: string,
  count: number,
  fromBeginning = true,
): Promise<Received[]> {
  const received: Received[] = [];
  await consumer.subscribe({ topic, fromBeginning });
  await consumer.run({ eachMessage: async (payload) => void received.push(toReceived(payload)) });
  await waitFor(
    () => received.length >= count,
    `${count} messages on ${topic} (got ${received.length})`,
  );
  return received;
}

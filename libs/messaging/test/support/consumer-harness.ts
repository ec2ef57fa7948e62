import { randomUUID } from 'node:crypto';
import type { IntegrationEvent } from '@platform/contracts';
import { startBroker } from '@platform/embedded-kafka';
import type { RunningBroker } from '@platform/embedded-kafka';
import { EventStoreSchema1763800000000, sql } from '@platform/event-store';
import { createTestDatabase } from '@platform/testing-core';
import type { TestDatabase } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import type { Producer } from 'kafkajs';
import { DataSource } from 'typeorm';
import { DeadLettersSchema1764200000000 } from '../../src';

/** What a test handler writes for each event it applies, so a test can count the effects. */
export const RECORD_EFFECT = sql(
  'test.record-effect',
  'INSERT INTO effects (handler, event_id) VALUES ($1, $2)',
);

/** The `n`th test event, `data` added to its `{ n }`. */
export function thing(n: number, data: Record<string, unknown> = {}): IntegrationEvent {
  return {
    id: randomUUID(),
    type: 'thing.happened',
    schema_version: 1,
    account_id: 'acc_1',
    mode: 'test',
    stream_id: `thing_${n}`,
    stream_version: 1,
    occurred_at: 1_700_000_000,
    correlation_id: null,
    causation_id: null,
    data: { n, ...data },
  };
}

/** What a Kafka event consumer meets in a service: its tables, the broker, and a producer to feed it. */
export interface ConsumerWorld {
  database: TestDatabase;
  dataSource: DataSource;
  broker: RunningBroker;
  producer: Producer;
  stop(): Promise<void>;
}

/**
 * A fresh database with the event store's and the dead letters' tables plus `effects` (what test
 * handlers record), the dev broker, and a connected producer.
 */
export async function startConsumerWorld(): Promise<ConsumerWorld> {
  const database = await createTestDatabase();
  const dataSource = new DataSource({
    type: 'postgres',
    url: database.url,
    migrations: [EventStoreSchema1763800000000, DeadLettersSchema1764200000000],
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  await dataSource.query('CREATE TABLE effects (handler text NOT NULL, event_id text NOT NULL)');
  const broker = await startBroker({ port: 0 });
  const producer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  return {
    database,
    dataSource,
    broker,
    producer,
    async stop() {
      await producer.disconnect();
      await broker.stop();
      await dataSource.destroy();
      await database.drop();
    },
  };
}

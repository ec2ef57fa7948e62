import 'reflect-metadata';
import type { IntegrationEvent } from '@platform/contracts';
import type { RunningBroker } from '@platform/embedded-kafka';
import { Database, sql } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import type { Producer } from 'kafkajs';
import type { DataSource } from 'typeorm';
import { KafkaEventConsumer } from '../src';
import type { EventHandler } from '../src';
import { RECORD_EFFECT, startConsumerWorld, thing } from './support/consumer-harness';
import type { ConsumerWorld } from './support/consumer-harness';

const TOPIC = 'things.thing';

/** Records each event it applies; can be told to fail a number of times first. */
class RecordingHandler implements EventHandler {
  readonly topic = TOPIC;
  failuresLeft = 0;
  constructor(readonly consumer: string) {}

  problem(event: IntegrationEvent): string | null {
    return typeof (event.data as { n?: unknown }).n === 'number' ? null : 'data.n is not a number';
  }

  async apply(tx: SqlRunner, event: IntegrationEvent): Promise<void> {
    await tx.query(RECORD_EFFECT, [this.consumer, event.id]);
    if (this.failuresLeft > 0) {
      this.failuresLeft--;
      throw new Error('database hiccup'); // after the write: the rollback must undo it and the inbox row
    }
  }
}

/** Writes all the events it is given in one statement, recording their order. */
class BatchHandler implements EventHandler {
  readonly topic = TOPIC;
  readonly consumer = 'batch';
  readonly seen: number[] = [];

  async apply(): Promise<void> {
    throw new Error('applyAll is used when present');
  }

  async applyAll(tx: SqlRunner, events: readonly IntegrationEvent[]): Promise<void> {
    await tx.query(RECORD_ALL, [this.consumer, events.map((event) => event.id)]);
    this.seen.push(...events.map((event) => (event.data as { n: number }).n));
  }
}

const RECORD_ALL = sql(
  'test.record-effects',
  'INSERT INTO effects (handler, event_id) SELECT $1, unnest($2::text[])',
);

describe('the Kafka event consumer', () => {
  let world: ConsumerWorld;
  let dataSource: DataSource;
  let broker: RunningBroker;
  let producer: Producer;
  let consumer: KafkaEventConsumer;
  const audit = new RecordingHandler('audit');
  const mirror = new RecordingHandler('mirror');
  const batch = new BatchHandler();

  const effects = async (eventId: string): Promise<string[]> =>
    (
      await dataSource.query('SELECT handler FROM effects WHERE event_id = $1 ORDER BY handler', [
        eventId,
      ])
    ).map((row: { handler: string }) => row.handler);
  const send = (...values: string[]) =>
    producer.send({ topic: TOPIC, messages: values.map((value) => ({ key: 'k', value })) });

  beforeAll(async () => {
    world = await startConsumerWorld();
    ({ dataSource, broker, producer } = world);
    consumer = new KafkaEventConsumer(
      { brokers: broker.brokers, clientId: 'test', groupId: 'consumer-test' },
      new Database(dataSource),
      () => [audit, mirror, batch],
    );
    void consumer.start();
  });

  afterAll(async () => {
    await consumer.stop();
    await world.stop();
  });

  it('gives every handler of the topic each event once, also when the message comes twice', async () => {
    const event = thing(1);
    await send(JSON.stringify(event), JSON.stringify(event));
    await waitFor(
      async () => (await effects(event.id)).length === 3,
      'every handler to apply the event',
    );
    const marker = thing(2); // sent after: once it is applied, the duplicate has been handled too
    await send(JSON.stringify(marker));
    await waitFor(async () => (await effects(marker.id)).length === 3, 'the marker event');
    expect(await effects(event.id)).toEqual(['audit', 'batch', 'mirror']);
    const [{ n }] = await dataSource.query(
      'SELECT count(*)::int AS n FROM inbox WHERE message_id = $1',
      [event.id],
    );
    expect(n).toBe(3);
  });

  it('hands a handler with applyAll the new events of a chunk together, in order', async () => {
    const events = [10, 11, 12, 13].map((n) => thing(n));
    const before = batch.seen.length;
    await send(...events.map((event) => JSON.stringify(event)), JSON.stringify(events[1]));
    await waitFor(
      async () => (await effects(events[3].id)).length === 3,
      'the last of the four events',
    );
    expect(batch.seen.slice(before)).toEqual([10, 11, 12, 13]);
  });

  it('retries a failed event: the rolled-back attempts leave neither effect nor inbox row', async () => {
    mirror.failuresLeft = 2;
    const event = thing(3);
    await send(JSON.stringify(event));
    await waitFor(
      async () => (await effects(event.id)).length === 3,
      'the event after two failed attempts',
    );
    expect(mirror.failuresLeft).toBe(0);
    expect(await effects(event.id)).toEqual(['audit', 'batch', 'mirror']);
  });

  it('keeps messages that are not events, or that a handler cannot take, as dead letters and goes on', async () => {
    const unusable = { ...thing(4), data: { n: 'four' } };
    const after = thing(5);
    await send(
      'not json',
      '{"not":"an envelope"}',
      JSON.stringify(unusable),
      JSON.stringify(after),
    );
    await waitFor(async () => (await effects(after.id)).length === 3, 'the event after the junk');
    expect(await effects(unusable.id)).toEqual(['batch']); // only the audit and mirror handlers refuse it
    const letters = await dataSource.query(
      'SELECT consumer, event_id FROM dead_letters ORDER BY message_offset, consumer',
    );
    expect(letters).toEqual([
      { consumer: 'consumer-test', event_id: null },
      { consumer: 'consumer-test', event_id: null },
      { consumer: 'audit', event_id: unusable.id },
      { consumer: 'mirror', event_id: unusable.id },
    ]);
  });

  it('commits the offsets of what it handled', async () => {
    const admin = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const high = (await admin.fetchTopicOffsets(TOPIC)).reduce((sum, p) => sum + Number(p.high), 0);
    await waitFor(async () => {
      const [{ partitions }] = await admin.fetchOffsets({
        groupId: 'consumer-test',
        topics: [TOPIC],
      });
      return partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0) === high;
    }, 'committed offsets at the end of the topic');
    await admin.disconnect();
  });
});

import 'reflect-metadata';
import type { IntegrationEvent } from '@platform/contracts';
import { Database, sql } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import { KafkaEventConsumer } from '../src';
import type { EventHandler } from '../src';
import { startConsumerWorld, thing } from './support/consumer-harness';
import type { ConsumerWorld } from './support/consumer-harness';

const PARTITIONS = 6;
/** One key per partition (sent to it by number), so the keys of a call are its partitions. */
const KEYS = ['a', 'b', 'c', 'd', 'e', 'f'];

const RECORD_ALL = sql(
  'test.record-joint-effects',
  'INSERT INTO effects (handler, event_id) SELECT $1, unnest($2::text[])',
);

/** Writes the events it is given in one statement; remembers each call's keys and each key's order. */
class JointHandler implements EventHandler {
  readonly consumer = 'joint';
  readonly calls: string[][] = [];
  readonly orderOf = new Map<string, number[]>();
  /** An event with this `n` fails every time it is applied (a bug in the handler, say). */
  failOn: number | null = null;

  constructor(readonly topic: string) {}

  async apply(): Promise<void> {
    throw new Error('applyAll is used when present');
  }

  async applyAll(tx: SqlRunner, events: readonly IntegrationEvent[]): Promise<void> {
    if (events.some((event) => (event.data as { n: number }).n === this.failOn))
      throw new Error('cannot apply this one');
    await tx.query(RECORD_ALL, [this.consumer, events.map((event) => event.id)]);
    this.calls.push(events.map((event) => (event.data as { key: string }).key));
    for (const event of events) {
      const { key, n } = event.data as { key: string; n: number };
      this.orderOf.set(key, [...(this.orderOf.get(key) ?? []), n]);
    }
  }
}

describe('a Kafka event consumer handling several partitions at once', () => {
  let world: ConsumerWorld;
  const consumers: KafkaEventConsumer[] = [];

  beforeAll(async () => {
    world = await startConsumerWorld();
  });

  afterAll(async () => {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await world.stop();
  });

  /** A topic of six partitions, each holding `perKey` events of its key, `n` counting up per key. */
  async function topicWith(perKey: number): Promise<{ topic: string; events: IntegrationEvent[] }> {
    const topic = `joint.${Math.random().toString(36).slice(2)}`;
    const admin = new Kafka({ brokers: world.broker.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: PARTITIONS }] });
    await admin.disconnect();
    const events = KEYS.flatMap((key, k) =>
      Array.from({ length: perKey }, (_, i) => thing(k * 100 + i, { key })),
    );
    await world.producer.send({
      topic,
      messages: events.map((event) => {
        const key = (event.data as { key: string }).key;
        return { key, partition: KEYS.indexOf(key), value: JSON.stringify(event) };
      }),
    });
    return { topic, events };
  }

  function consume(handler: JointHandler): void {
    const consumer = new KafkaEventConsumer(
      {
        brokers: world.broker.brokers,
        clientId: 'joint-test',
        groupId: `joint-${handler.topic}`,
        partitionsConcurrently: PARTITIONS,
        attemptsBeforeDeadLetter: 2,
      },
      new Database(world.dataSource),
      () => [handler],
    );
    consumers.push(consumer);
    void consumer.start();
  }

  const applied = async (events: readonly IntegrationEvent[]): Promise<number> =>
    (
      await world.dataSource.query(
        `SELECT count(*)::int AS n FROM effects WHERE handler = 'joint' AND event_id = ANY($1)`,
        [events.map((event) => event.id)],
      )
    )[0].n;

  it('applies the partitions fetched together in one transaction, each key in its order, each event once', async () => {
    const { topic, events } = await topicWith(5);
    const handler = new JointHandler(topic);
    consume(handler);
    await waitFor(async () => (await applied(events)) === events.length, 'every event applied');
    // One call took the events of several partitions: one transaction instead of one per partition.
    expect(Math.max(...handler.calls.map((keys) => new Set(keys).size))).toBeGreaterThan(1);
    for (const [k, key] of KEYS.entries())
      expect(handler.orderOf.get(key)).toEqual([0, 1, 2, 3, 4].map((i) => k * 100 + i));
    const [{ n }] = await world.dataSource.query(
      `SELECT count(*)::int AS n FROM inbox WHERE consumer = 'joint'`,
    );
    expect(n).toBe(events.length);
  });

  it('when the joint transaction fails, each partition runs on its own: the rest is applied, the culprit is a dead letter', async () => {
    const { topic, events } = await topicWith(3);
    const handler = new JointHandler(topic);
    const culprit = events.find(
      (event) => (event.data as { n: number }).n === 201,
    ) as IntegrationEvent;
    handler.failOn = 201; // key c's second event
    consume(handler);
    const others = events.filter((event) => event !== culprit);
    await waitFor(async () => (await applied(others)) === others.length, 'every other event');
    expect(await applied([culprit])).toBe(0);
    await waitFor(
      async () =>
        (
          await world.dataSource.query(
            `SELECT count(*)::int AS n FROM dead_letters WHERE consumer = 'joint' AND event_id = $1`,
            [culprit.id],
          )
        )[0].n === 1,
      'the culprit as a dead letter',
    );
    expect(handler.orderOf.get('c')).toEqual([200, 202]);
  });
});

import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { startBroker } from '@platform/embedded-kafka';
import type { RunningBroker } from '@platform/embedded-kafka';
import {
  addToOutbox,
  Database,
  EventStoreSchema1763800000000,
  outboxFragment,
} from '@platform/event-store';
import type { OutboxMessage } from '@platform/event-store';
import { createTestDatabase, waitFor } from '@platform/testing-core';
import type { TestDatabase } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import type { Consumer } from 'kafkajs';
import { DataSource } from 'typeorm';
import { OutboxRelay } from '../src';

function message(topic: string, key: string, n: number): OutboxMessage {
  return {
    topic,
    key,
    event: {
      id: randomUUID(),
      type: 'thing.happened',
      schema_version: 1,
      account_id: 'acc_1',
      mode: 'test',
      stream_id: key,
      stream_version: n,
      occurred_at: 1_700_000_000,
      correlation_id: null,
      causation_id: null,
      data: { n },
    },
  };
}

interface Received {
  key: string;
  n: number;
  type: string;
  eventId: string;
}

describe('the outbox relay', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let broker: RunningBroker;
  const relays: OutboxRelay[] = [];
  const consumers: Consumer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = new DataSource({
      type: 'postgres',
      url: database.url,
      migrations: [EventStoreSchema1763800000000],
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
    broker = await startBroker({ port: 0 });
  });

  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
    await Promise.all(consumers.splice(0).map((consumer) => consumer.disconnect()));
  });

  afterAll(async () => {
    await broker.stop();
    await dataSource.destroy();
    await database.drop();
  });

  function relay(brokers = broker.brokers, pollIntervalMs = 200): OutboxRelay {
    const started = new OutboxRelay({
      databaseUrl: database.url,
      brokers,
      service: 'test',
      pollIntervalMs,
    });
    relays.push(started);
    started.start();
    return started;
  }

  async function receive(topic: string, brokers = broker.brokers): Promise<Received[]> {
    const consumer = new Kafka({ brokers, logLevel: logLevel.NOTHING }).consumer({
      groupId: randomUUID(),
      maxWaitTimeInMs: 200,
    });
    consumers.push(consumer);
    const received: Received[] = [];
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message: m }) => {
        const value = JSON.parse(String(m.value)) as {
          stream_version: number;
          type: string;
          id: string;
        };
        received.push({
          key: String(m.key),
          n: value.stream_version,
          type: String(m.headers?.['event-type']),
          eventId: String(m.headers?.['event-id']),
        });
      },
    });
    return received;
  }

  const unpublished = async (): Promise<number> =>
    (await dataSource.query('SELECT count(*)::int AS c FROM outbox WHERE published_at IS NULL'))[0]
      .c;
  const write = (messages: OutboxMessage[]) =>
    new Database(dataSource).transaction((tx) => addToOutbox(tx, messages));
  /** As a command whose NOTIFY the writer's throttle held back: the rows, and no NOTIFY. */
  const writeWithoutNotify = (messages: OutboxMessage[]) => {
    const { text, values } = outboxFragment(messages);
    return dataSource.query(text, values);
  };

  it('publishes committed messages in order, with the event type and id as headers, and marks them', async () => {
    const topic = `relay-${randomUUID()}`;
    relay();
    await write([message(topic, 'agg-1', 1), message(topic, 'agg-1', 2)]);
    await write([message(topic, 'agg-1', 3), message(topic, 'agg-2', 1)]);
    const received = await receive(topic);
    await waitFor(() => received.length === 4, 'four messages');
    expect(received.filter((m) => m.key === 'agg-1').map((m) => m.n)).toEqual([1, 2, 3]);
    expect(received[0].type).toBe('thing.happened');
    await waitFor(
      async () =>
        (
          await dataSource.query('SELECT count(*)::int AS c FROM outbox WHERE published_at IS NULL')
        )[0].c === 0,
      'all rows marked',
    );
  });

  it('marks its last batch, with the time the broker took it, when it stops: the next relay sends nothing again', async () => {
    const topic = `handover-${randomUUID()}`;
    const before = Date.now();
    const first = relay();
    await write([message(topic, 'agg-1', 1), message(topic, 'agg-2', 1)]);
    await waitFor(() => first.publishedCount === 2, 'the batch sent');
    // The mark of a batch goes with the next read: stopping now leaves it to stop() itself.
    await first.stop();
    const [marked] = await dataSource.query(
      'SELECT min(published_at) AS earliest, max(published_at) AS latest FROM outbox WHERE topic = $1',
      [topic],
    );
    expect(await unpublished()).toBe(0);
    expect(new Date(marked.earliest).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(marked.latest).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const next = relay();
    await waitFor(() => next.isLeader, 'the next relay to lead');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(next.publishedCount).toBe(0);
  });

  it('keeps messages written while Kafka is down and delivers each exactly once when it is back', async () => {
    const port = broker.port;
    await broker.stop();
    const topic = `outage-${randomUUID()}`;
    const running = relay([`127.0.0.1:${port}`]);
    for (let i = 1; i <= 10; i++) await write([message(topic, `agg-${i}`, 1)]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(running.publishedCount).toBe(0);
    broker = await startBroker({ port });
    const received = await receive(topic);
    await waitFor(() => received.length >= 10, 'the ten messages after the outage', 30000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received.map((m) => m.key).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `agg-${i + 1}`).sort(),
    );
  });

  it('wakes on NOTIFY, and publishes what committed just after it without one, long before its next poll', async () => {
    const topic = `wake-${randomUUID()}`;
    const sleeper = relay(broker.brokers, 60_000);
    await waitFor(() => sleeper.isLeader, 'the relay to lead');
    await new Promise((resolve) => setTimeout(resolve, 300)); // asleep: only a NOTIFY wakes it within the minute
    await write([message(topic, 'agg-1', 1)]);
    await writeWithoutNotify([message(topic, 'agg-2', 1)]);
    const received = await receive(topic);
    await waitFor(() => received.length === 2, 'both messages within seconds', 10000);
    expect(received.map((m) => m.key).sort()).toEqual(['agg-1', 'agg-2']);
  });

  it('reads again, instead of sleeping until its next poll, when a NOTIFY came while it was reading', async () => {
    const topic = `notified-while-reading-${randomUUID()}`;
    await write([message(topic, 'agg-1', 1)]);
    // The relay marks its first batch with its next read; holding that row's lock holds the read,
    // and a row committed meanwhile (its NOTIFY with it) is not in the read's snapshot.
    const holder = dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query('SELECT 1 FROM outbox WHERE topic = $1 FOR UPDATE', [topic]);
    try {
      const reader = relay(broker.brokers, 60_000);
      await waitFor(() => reader.publishedCount === 1, 'the first row sent');
      await waitFor(
        async () =>
          (
            await dataSource.query(
              `SELECT count(*)::int AS c FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          )[0].c === 1,
        "the relay's next read waiting for the row's lock",
      );
      await write([message(topic, 'agg-2', 1)]);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    const received = await receive(topic);
    await waitFor(() => received.length === 2, 'the second row within seconds', 5000);
    expect(received.map((m) => m.key).sort()).toEqual(['agg-1', 'agg-2']);
  });

  it('runs one active relay per service; a standby takes over when it stops', async () => {
    const first = relay();
    await waitFor(() => first.isLeader, 'the first relay to lead');
    const second = relay();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(second.isLeader).toBe(false);
    await first.stop();
    await waitFor(() => second.isLeader, 'the standby to take over', 10000);
    const topic = `takeover-${randomUUID()}`;
    await write([message(topic, 'agg', 1)]);
    const received = await receive(topic);
    await waitFor(() => received.length === 1, 'the message via the standby');
  });
});

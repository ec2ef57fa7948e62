import 'reflect-metadata';
import type { IntegrationEvent } from '@platform/contracts';
import type { RunningBroker } from '@platform/embedded-kafka';
import { Database, sql } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { waitFor } from '@platform/testing-core';
import type { Producer } from 'kafkajs';
import type { DataSource } from 'typeorm';
import { KafkaEventConsumer, listDeadLetters } from '../src';
import type { EventHandler, NewDeadLetter } from '../src';
import { RECORD_EFFECT, startConsumerWorld, thing } from './support/consumer-harness';
import type { ConsumerWorld } from './support/consumer-harness';

const TOPIC = 'letters.thing';
const GROUP = 'letters-test';
const ATTEMPTS = 3;
const TERMINATE_OWN_BACKEND = sql(
  'test.terminate-own-backend',
  'SELECT pg_terminate_backend(pg_backend_pid())',
);

/**
 * Records each event; throws for a `poison` event until fixed, and has its own transaction's
 * connection killed by PostgreSQL (57P01) for a `flaky` event a number of times first.
 */
class LedgerHandler implements EventHandler {
  readonly topic = TOPIC;
  readonly consumer = 'ledger';
  fixed = false;
  poisonAttempts = 0;
  terminationsLeft = 0;

  problem(event: IntegrationEvent): string | null {
    return typeof (event.data as { n?: unknown }).n === 'number' ? null : 'data.n is not a number';
  }

  async apply(tx: SqlRunner, event: IntegrationEvent): Promise<void> {
    await tx.query(RECORD_EFFECT, [this.consumer, event.id]);
    const data = event.data as { poison?: boolean; flaky?: boolean };
    if (data.flaky && this.terminationsLeft > 0) {
      this.terminationsLeft--;
      await tx.query(TERMINATE_OWN_BACKEND);
    }
    if (data.poison && !this.fixed) {
      this.poisonAttempts++;
      throw new TypeError(`cannot read the amount of ${event.stream_id}`);
    }
  }
}

describe('dead letters of the Kafka event consumer', () => {
  let world: ConsumerWorld;
  let dataSource: DataSource;
  let broker: RunningBroker;
  let producer: Producer;
  let consumer: KafkaEventConsumer;
  const ledger = new LedgerHandler();
  const announced: NewDeadLetter[] = [];

  const effects = async (eventId: string): Promise<number> =>
    (
      await dataSource.query('SELECT count(*)::int AS n FROM effects WHERE event_id = $1', [
        eventId,
      ])
    )[0].n;
  const lettersOf = (where: string, values: unknown[]) =>
    dataSource.query(
      `SELECT id, consumer, event_id, attempts, error, encode(value, 'escape') AS value, replayed_at FROM dead_letters WHERE ${where} ORDER BY id`,
      values,
    );
  const send = (...values: string[]) =>
    producer.send({
      topic: TOPIC,
      messages: values.map((value) => ({
        key: 'k',
        value,
        headers: { 'event-type': 'thing.happened' },
      })),
    });

  beforeAll(async () => {
    world = await startConsumerWorld();
    ({ dataSource, broker, producer } = world);
    consumer = new KafkaEventConsumer(
      {
        brokers: broker.brokers,
        clientId: 'test',
        groupId: GROUP,
        attemptsBeforeDeadLetter: ATTEMPTS,
        onDeadLetter: (letter) => announced.push(letter),
      },
      new Database(dataSource),
      () => [ledger],
    );
    void consumer.start();
  });

  afterAll(async () => {
    await consumer.stop();
    await world.stop();
  });

  it('keeps a message that is not JSON, and one without the envelope, as received; the next message on the partition is applied', async () => {
    const after = thing(1);
    await send('{"half": ', '{"not":"an envelope"}', JSON.stringify(after));
    await waitFor(async () => (await effects(after.id)) === 1, 'the event after the junk');
    const letters = await lettersOf('consumer = $1', [GROUP]);
    expect(letters).toEqual([
      expect.objectContaining({
        consumer: GROUP,
        event_id: null,
        attempts: 1,
        value: '{"half": ',
        error: 'the message is not JSON',
        replayed_at: null,
      }),
      expect.objectContaining({
        consumer: GROUP,
        event_id: null,
        attempts: 1,
        value: '{"not":"an envelope"}',
        error: expect.stringContaining('envelope field id'),
      }),
    ]);
    const [stored] = await listDeadLetters(new Database(dataSource));
    expect(stored).toMatchObject({
      topic: TOPIC,
      partition: 0,
      key: 'k',
      headers: { 'event-type': 'thing.happened' },
    });
    expect(announced.filter((letter) => letter.consumer === GROUP)).toHaveLength(2);
  });

  it('keeps an event its handler finds malformed, at once', async () => {
    const malformed = { ...thing(2), data: { n: 'two' } };
    const after = thing(3);
    await send(JSON.stringify(malformed), JSON.stringify(after));
    await waitFor(async () => (await effects(after.id)) === 1, 'the event after the malformed one');
    expect(await lettersOf('event_id = $1', [malformed.id])).toEqual([
      expect.objectContaining({ consumer: 'ledger', attempts: 1, error: 'data.n is not a number' }),
    ]);
    expect(await effects(malformed.id)).toBe(0);
  });

  it('gives up on an event its handler keeps failing after N attempts, applies the rest of its chunk, and replays it once after a fix', async () => {
    const before = [thing(10), thing(11)];
    const poison = thing(12, { poison: true });
    const rest = [thing(13), thing(14)];
    await send(...[...before, poison, ...rest].map((event) => JSON.stringify(event)));
    await waitFor(async () => (await effects(rest[1].id)) === 1, 'the events after the poison');
    for (const event of [...before, ...rest]) expect(await effects(event.id)).toBe(1);
    const [letter] = await lettersOf('event_id = $1', [poison.id]);
    expect(letter).toMatchObject({ consumer: 'ledger', attempts: ATTEMPTS, replayed_at: null });
    expect(letter.error).toMatch(/^TypeError: cannot read the amount of thing_12\n\s*at /);
    expect(await effects(poison.id)).toBe(0); // every attempt rolled back, its inbox row with it
    expect(announced.map((dead) => dead.eventId)).toContain(poison.id);

    // Still broken: the replay fails, the letter stays with one attempt more.
    expect(await consumer.replay(letter.id)).toMatchObject({
      outcome: 'failed',
      error: 'cannot read the amount of thing_12',
      attempts: ATTEMPTS + 1,
    });
    ledger.fixed = true;
    expect(await consumer.replay(letter.id)).toEqual({ id: letter.id, outcome: 'replayed' });
    expect(await consumer.replay(letter.id)).toEqual({
      id: letter.id,
      outcome: 'already-replayed',
    });
    expect(await effects(poison.id)).toBe(1);
    const [{ n }] = await dataSource.query(
      'SELECT count(*)::int AS n FROM inbox WHERE consumer = $1 AND message_id = $2',
      ['ledger', poison.id],
    );
    expect(n).toBe(1);
    expect((await lettersOf('event_id = $1', [poison.id]))[0].replayed_at).not.toBeNull();
  });

  it('replays all: the junk fails again and stays, replaying it twice applies nothing twice', async () => {
    const outcomes = await consumer.replayAll();
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['failed', 'failed', 'failed']); // not JSON, no envelope, malformed
    expect(outcomes[0].error).toBe('the message is not JSON');
    expect(await consumer.replay('999999')).toEqual({ id: '999999', outcome: 'not-found' });
  });

  it('retries while PostgreSQL drops the connection, however often, and never counts it towards a dead letter', async () => {
    ledger.terminationsLeft = ATTEMPTS + 2;
    const flaky = thing(20, { flaky: true });
    const after = thing(21);
    await send(JSON.stringify(flaky), JSON.stringify(after));
    await waitFor(
      async () => (await effects(after.id)) === 1,
      'the events after the dropped connections',
      30_000,
    );
    expect(ledger.terminationsLeft).toBe(0);
    expect(await effects(flaky.id)).toBe(1);
    expect(await lettersOf('event_id = $1', [flaky.id])).toEqual([]);
  });
});

import 'reflect-metadata';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IntegrationEvent } from '@platform/contracts';
import {
  addToOutbox,
  Database,
  EventStoreSchema1763800000000,
  OutboxByAccount1765000000000,
} from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { isDependencyUnavailable } from '@platform/http';
import { createTestDatabase } from '@platform/testing-core';
import type { TestDatabase } from '@platform/testing-core';
import { DataSource, type MigrationInterface } from 'typeorm';
import {
  CatchUpHorizons1765000000100,
  DeadLettersSchema1764200000000,
  EventCatchUp,
  KafkaEventConsumer,
  parseOutboxCursor,
  readOutboxFeed,
} from '../src';
import type { EventHandler } from '../src';
import { RECORD_EFFECT, thing } from './support/consumer-harness';

/** Owned by the service "things": the topic's prefix names its owner. */
const TOPIC = 'things.thing';
const ACCOUNT = { accountId: 'acc_1', mode: 'test' as const, requestId: 'req_1' };

/** Records each event it applies, in order; fails on the events it is told to. */
class RecordingHandler implements EventHandler {
  readonly topic = TOPIC;
  readonly seen: number[] = [];
  readonly failOn = new Set<number>();
  constructor(readonly consumer: string) {}

  async apply(tx: SqlRunner, event: IntegrationEvent): Promise<void> {
    const n = (event.data as { n: number }).n;
    if (this.failOn.has(n)) throw new Error(`handler cannot take event ${n}`);
    await tx.query(RECORD_EFFECT, [this.consumer, event.id]);
    this.seen.push(n);
  }
}

async function migrated(database: TestDatabase, migrations: (new () => MigrationInterface)[]) {
  const dataSource = new DataSource({ type: 'postgres', url: database.url, migrations });
  await dataSource.initialize();
  await dataSource.runMigrations();
  return dataSource;
}

/** The owner's `GET /internal/outbox`, as the service kit serves it, over real HTTP. */
function serveFeed(owner: Database): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://owner');
    void readOutboxFeed(
      owner,
      {
        accountId: String(request.headers['x-account-id']),
        mode: String(request.headers['x-mode']),
      },
      {
        topics: (url.searchParams.get('topics') ?? '').split(','),
        after: parseOutboxCursor(url.searchParams.get('after') ?? '') ?? {
          transactionId: '0',
          position: '0',
        },
        limit: Number(url.searchParams.get('limit')),
      },
    ).then((page) =>
      response.setHeader('content-type', 'application/json').end(JSON.stringify(page)),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('catching up on an owner’s events before answering', () => {
  let ownerDatabase: TestDatabase;
  let consumerDatabase: TestDatabase;
  let owner: DataSource;
  let local: DataSource;
  let server: Server;
  let ownerUrl: string;
  const audit = new RecordingHandler('audit');
  const mirror = new RecordingHandler('mirror');
  let consumer: KafkaEventConsumer;

  const catchUpWith = (pageSize = 500, url = ownerUrl) =>
    new EventCatchUp(new Database(local), consumer, {
      owners: { things: url },
      internalToken: 'token',
      pageSize,
    });
  /** Writes events to the owner's outbox in one committed transaction. */
  const commit = (...events: IntegrationEvent[]) =>
    new Database(owner).transaction((tx) =>
      addToOutbox(
        tx,
        events.map((event) => ({ topic: TOPIC, key: event.stream_id, event })),
      ),
    );
  const effects = async (event: IntegrationEvent): Promise<string[]> =>
    (
      await local.query('SELECT handler FROM effects WHERE event_id = $1 ORDER BY handler', [
        event.id,
      ])
    ).map((row: { handler: string }) => row.handler);

  beforeAll(async () => {
    ownerDatabase = await createTestDatabase();
    consumerDatabase = await createTestDatabase();
    owner = await migrated(ownerDatabase, [
      EventStoreSchema1763800000000,
      OutboxByAccount1765000000000,
    ]);
    local = await migrated(consumerDatabase, [
      EventStoreSchema1763800000000,
      DeadLettersSchema1764200000000,
      CatchUpHorizons1765000000100,
    ]);
    await local.query('CREATE TABLE effects (handler text NOT NULL, event_id text NOT NULL)');
    server = await serveFeed(new Database(owner));
    ownerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Never started: catching up needs the consumer's handlers, not the broker.
    consumer = new KafkaEventConsumer(
      { brokers: ['127.0.0.1:1'], clientId: 'test', groupId: 'test' },
      new Database(local),
      () => [audit, mirror],
    );
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await owner.destroy();
    await local.destroy();
    await ownerDatabase.drop();
    await consumerDatabase.drop();
  });

  it('applies the account’s committed events through every handler, and another account’s not', async () => {
    const mine = [thing(1), thing(2)];
    const theirs = { ...thing(3), account_id: 'acc_2' };
    await commit(...mine, theirs);
    await catchUpWith().forCaller(ACCOUNT);
    expect(await effects(mine[0])).toEqual(['audit', 'mirror']);
    expect(await effects(mine[1])).toEqual(['audit', 'mirror']);
    expect(await effects(theirs)).toEqual([]);
  });

  it('applies nothing twice: not again on the next catch-up, nor what the Kafka consumer already applied', async () => {
    const kafkaDelivered = thing(4);
    await local.query(
      `INSERT INTO inbox (consumer, message_id) VALUES ('audit', $1), ('mirror', $1)`,
      [kafkaDelivered.id],
    );
    const fresh = thing(5);
    await commit(kafkaDelivered, fresh);
    await catchUpWith().forCaller(ACCOUNT);
    await catchUpWith().forCaller(ACCOUNT);
    expect(await effects(kafkaDelivered)).toEqual([]);
    expect(await effects(fresh)).toEqual(['audit', 'mirror']);
  });

  it('applies each event once when 20 requests of the account catch up at once', async () => {
    const events = Array.from({ length: 10 }, (_, i) => thing(100 + i));
    await commit(...events);
    const [one, other] = [catchUpWith(), catchUpWith()]; // two replicas, ten requests each
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : other).forCaller(ACCOUNT)),
    );
    for (const event of events) expect(await effects(event)).toEqual(['audit', 'mirror']);
  });

  it('finds an event whose transaction was still open at one catch-up at the next, although a later one was applied', async () => {
    const slow = thing(200);
    const quick = thing(201);
    const pending = await owner.createQueryRunner();
    await pending.connect();
    await pending.startTransaction();
    await pending.query(
      `INSERT INTO outbox (message_id, topic, message_key, payload, headers) VALUES ($1, $2, 'k', $3, '{}')`,
      [slow.id, TOPIC, JSON.stringify(slow)],
    );
    await commit(quick); // positioned after the open one, visible first
    await catchUpWith().forCaller(ACCOUNT);
    expect(await effects(quick)).toEqual(['audit', 'mirror']);
    expect(await effects(slow)).toEqual([]);
    await pending.commitTransaction();
    await pending.release();
    await catchUpWith().forCaller(ACCOUNT);
    expect(await effects(slow)).toEqual(['audit', 'mirror']);
  });

  it('reads the owner page by page, in the order it committed', async () => {
    const events = Array.from({ length: 7 }, (_, i) => thing(300 + i));
    for (const event of events) await commit(event);
    const before = audit.seen.length;
    await catchUpWith(2).forCaller(ACCOUNT);
    expect(audit.seen.slice(before)).toEqual([300, 301, 302, 303, 304, 305, 306]);
  });

  it('leaves an event a handler cannot take to the Kafka consumer, and applies the rest', async () => {
    const [bad, good] = [thing(400), thing(401)];
    mirror.failOn.add(400);
    await commit(bad, good);
    await catchUpWith().forCaller(ACCOUNT);
    mirror.failOn.clear();
    expect(await effects(bad)).toEqual(['audit']);
    expect(await effects(good)).toEqual(['audit', 'mirror']);
  });

  it('answers "unavailable" (503) rather than wrongly when the owner cannot be asked', async () => {
    const error = await catchUpWith(500, 'http://127.0.0.1:1')
      .forCaller({ ...ACCOUNT, accountId: 'acc_unasked' })
      .catch((failure: unknown) => failure);
    expect(isDependencyUnavailable(error)).toBe(true);
  });

  it('keeps the horizon it reached, so the next catch-up reads only newer rows', async () => {
    const horizon = async () =>
      (
        await local.query(
          `SELECT horizon::text FROM catch_up_horizons WHERE owner = 'things' AND account_id = 'acc_1'`,
        )
      )[0]?.horizon as string | undefined;
    const first = await horizon();
    await commit(thing(500));
    await catchUpWith().forCaller(ACCOUNT);
    expect(BigInt((await horizon()) as string)).toBeGreaterThan(BigInt(first as string));
    const [{ count }] = await owner.query(
      `SELECT count(*)::int AS count FROM outbox WHERE transaction_id >= $1::xid8 AND account_id = 'acc_1'`,
      [await horizon()],
    );
    expect(count).toBeLessThanOrEqual(1);
  });
});

import 'reflect-metadata';
import { Controller, Logger, Module } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Topics } from '@platform/contracts';
import type { IntegrationEvent } from '@platform/contracts';
import { Database, sql } from '@platform/event-store';
import { waitFor } from '@platform/testing-core';
import type { DataSource } from 'typeorm';
import {
  connectKafkaBatchTransport,
  EventBatch,
  inbox,
  KafkaBatchTransport,
  listDeadLetters,
  relevantWhen,
} from '../src';
import { RECORD_EFFECT, startConsumerWorld, thing } from './support/consumer-harness';
import type { ConsumerWorld } from './support/consumer-harness';

/** A platform event of a real type (the transport subscribes to the topic its type is published on). */
function event(type: string, n: number, data: Record<string, unknown> = {}): IntegrationEvent {
  return { ...thing(n, data), type, stream_id: `cust_${n}` };
}

/** What the handlers saw, in the order they saw it: "<method>:<type>:<n>", and the size of each call. */
const seen: string[] = [];
const calls: number[] = [];
const failures = { captures: 0 };

@Controller()
class CustomerMirror {
  @EventPattern(['customer.created', 'customer.updated'], inbox('test.customer-mirror'))
  async mirror(@Payload() events: IntegrationEvent[], @Ctx() batch: EventBatch): Promise<void> {
    calls.push(events.length);
    for (const one of events) {
      await batch.tx.query(RECORD_EFFECT, ['mirror', one.id]);
      seen.push(`mirror:${one.type}:${(one.data as { n: number }).n}`);
    }
  }
}

@Controller()
class CustomerAudit {
  /** The same type as the mirror's, another inbox: each gets the event, neither calls the other. */
  @EventPattern(
    'customer.created',
    inbox('test.customer-audit', (one: IntegrationEvent) =>
      (one.data as { n?: unknown }).n === -1 ? 'data.n must not be -1' : null,
    ),
  )
  async audit(@Payload() events: IntegrationEvent[], @Ctx() batch: EventBatch): Promise<void> {
    for (const one of events) {
      await batch.tx.query(RECORD_EFFECT, ['audit', one.id]);
      seen.push(`audit:${one.type}:${(one.data as { n: number }).n}`);
    }
  }
}

@Controller()
class CaptureLedger {
  @EventPattern('payment.captured', inbox('test.capture-ledger'))
  async post(@Payload() events: IntegrationEvent[], @Ctx() batch: EventBatch): Promise<void> {
    for (const one of events) {
      await batch.tx.query(RECORD_EFFECT, ['ledger', one.id]);
      const { fail } = one.data as { fail?: string };
      if (fail === 'always') throw new Error(`ledger refuses ${one.id}`);
      if (fail === 'once' && failures.captures++ === 0)
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    }
  }
}

/** Authorizations of orders only: the others are skipped before any transaction. */
@Controller()
class OrderReceipts {
  @EventPattern(
    'payment.authorized',
    inbox('test.order-receipts', {
      relevant: relevantWhen(
        (one: IntegrationEvent) => (one.data as { order?: string }).order !== undefined,
      ),
    }),
  )
  async receipt(@Payload() events: IntegrationEvent[], @Ctx() batch: EventBatch): Promise<void> {
    for (const one of events) await batch.tx.query(RECORD_EFFECT, ['receipts', one.id]);
  }
}

const WATCHED = sql(
  'test.watched',
  'SELECT account_id FROM watched WHERE account_id = ANY($1::text[])',
);

/**
 * Failures of watched accounts only, read from `watched` (state that changes): the others are
 * skipped and remembered, so an account watched later never gets its earlier failures.
 */
@Controller()
class FailureWatch {
  @EventPattern(
    'payment.failed',
    inbox('test.failure-watch', {
      relevant: async (db, events: readonly IntegrationEvent[]) => {
        const rows = await db.query<{ account_id: string }>(WATCHED, [
          events.map((one) => one.account_id),
        ]);
        const watched = new Set(rows.map((row) => row.account_id));
        return events.filter((one) => watched.has(one.account_id));
      },
      rememberSkips: true,
    }),
  )
  async watch(@Payload() events: IntegrationEvent[], @Ctx() batch: EventBatch): Promise<void> {
    for (const one of events) await batch.tx.query(RECORD_EFFECT, ['watch', one.id]);
  }
}

/** A Database that counts the transactions it runs (the skipped events must not start one). */
class CountingDatabase extends Database {
  transactions = 0;
  override transaction<T>(work: Parameters<Database['transaction']>[0]): Promise<T> {
    this.transactions++;
    return super.transaction(work) as Promise<T>;
  }
}

@Module({
  controllers: [CustomerMirror, CustomerAudit, CaptureLedger, OrderReceipts, FailureWatch],
})
class HandlersModule {}

async function startApp(
  module: unknown,
  transport: KafkaBatchTransport,
): Promise<INestApplication> {
  const app = await NestFactory.create(module as never, new FastifyAdapter(), {
    logger: false,
    abortOnError: false,
  });
  connectKafkaBatchTransport(app, transport);
  await app.init();
  await app.startAllMicroservices();
  return app;
}

describe('the Kafka batch transport (@EventPattern handlers)', () => {
  let world: ConsumerWorld;
  let dataSource: DataSource;
  let app: INestApplication;
  let database: CountingDatabase;

  const effects = async (eventId: string): Promise<string[]> =>
    (
      await dataSource.query('SELECT handler FROM effects WHERE event_id = $1 ORDER BY handler', [
        eventId,
      ])
    ).map((row: { handler: string }) => row.handler);
  const inboxRows = async (eventId: string): Promise<string[]> =>
    (
      await dataSource.query('SELECT consumer FROM inbox WHERE message_id = $1 ORDER BY consumer', [
        eventId,
      ])
    ).map((row: { consumer: string }) => row.consumer);
  const publish = (topic: string, ...events: IntegrationEvent[]) =>
    world.producer.send({
      topic,
      messages: events.map((one) => ({ key: 'k', value: JSON.stringify(one) })),
    });

  beforeAll(async () => {
    world = await startConsumerWorld();
    dataSource = world.dataSource;
    database = new CountingDatabase(dataSource);
    await dataSource.query('CREATE TABLE watched (account_id text NOT NULL)');
    const transport = new KafkaBatchTransport(
      {
        brokers: world.broker.brokers,
        clientId: 'test',
        groupId: 'transport-test',
        attemptsBeforeDeadLetter: 2,
      },
      database,
    );
    app = await startApp(HandlersModule, transport);
  });

  afterAll(async () => {
    await app.close();
    await world.stop();
  });

  it('gives a method its events of every type it declares, in partition order, once each', async () => {
    const created = event('customer.created', 1);
    const updated = event('customer.updated', 1);
    const again = event('customer.updated', 2);
    await publish(Topics.billingCustomer, created, updated, updated, again);
    await waitFor(async () => (await effects(again.id)).length === 1, 'the last update mirrored');
    expect(seen.filter((line) => line.startsWith('mirror'))).toEqual([
      'mirror:customer.created:1',
      'mirror:customer.updated:1',
      'mirror:customer.updated:2',
    ]);
    expect(calls.reduce((sum, size) => sum + size, 0)).toBe(3); // the copy was not handed over
    expect(await effects(updated.id)).toEqual(['mirror']);
    // The audit's type only: it saw the creation; the updates are none of its business, so they
    // left no row in its inbox.
    expect(await effects(created.id)).toEqual(['audit', 'mirror']);
    expect(await inboxRows(updated.id)).toEqual(['test.customer-mirror']);
  });

  it('acknowledges what no handler has a use for without a transaction or an inbox row, and applies the rest once', async () => {
    const plain = event('payment.authorized', 20);
    const before = database.transactions;
    await publish(Topics.paymentsPayment, plain);
    const marker = event('payment.authorized', 21, { order: 'order_1' });
    // Wait until the skipped one is behind the consumer: the marker after it on the partition.
    await publish(Topics.paymentsPayment, marker);
    await waitFor(async () => (await effects(marker.id)).length === 1, 'the order’s authorization');
    expect(await inboxRows(plain.id)).toEqual([]);
    expect(await effects(plain.id)).toEqual([]);
    expect(await inboxRows(marker.id)).toEqual(['test.order-receipts']);
    // The marker's transaction only: the skipped event had none of its own.
    expect(database.transactions - before).toBe(1);
    // Delivered again (a crash before the offset commit), the relevant one still has one effect.
    await publish(Topics.paymentsPayment, marker, plain);
    const last = event('payment.authorized', 22, { order: 'order_2' });
    await publish(Topics.paymentsPayment, last);
    await waitFor(
      async () => (await effects(last.id)).length === 1,
      'the next order’s authorization',
    );
    expect(await effects(marker.id)).toEqual(['receipts']);
    expect(await inboxRows(plain.id)).toEqual([]);
  });

  it('remembers what a relevance that can change skipped: seen, without a transaction, when the answer changes', async () => {
    const failed = (n: number) => ({ ...event('payment.failed', n), account_id: 'acc_watch' });
    const early = failed(30);
    const before = database.transactions;
    await publish(Topics.paymentsPayment, early);
    await waitFor(
      async () => (await inboxRows(early.id)).length === 1,
      'the skipped failure remembered',
    );
    expect(await inboxRows(early.id)).toEqual(['test.failure-watch']);
    expect(database.transactions - before).toBe(0);
    await dataSource.query(`INSERT INTO watched VALUES ('acc_watch')`);
    // Delivered again now that the account is watched, then a failure from after: only that one.
    const late = failed(31);
    await publish(Topics.paymentsPayment, early, late);
    await waitFor(async () => (await effects(late.id)).length === 1, 'the later failure');
    expect(await effects(early.id)).toEqual([]);
    expect(await effects(late.id)).toEqual(['watch']);
    // Events of other types on the topic are not its business: no row of its inbox for them.
    const authorized = event('payment.authorized', 32, { order: 'order_3' });
    await publish(Topics.paymentsPayment, authorized);
    await waitFor(async () => (await effects(authorized.id)).length === 1, 'the authorization');
    expect(await inboxRows(authorized.id)).toEqual(['test.order-receipts']);
  });

  it('keeps each handler of a type apart: its own inbox, its own dead letter', async () => {
    const malformed = event('customer.created', -1);
    const next = event('customer.created', 3);
    await publish(Topics.billingCustomer, malformed, next);
    await waitFor(async () => (await effects(next.id)).length === 2, 'the next creation');
    // The audit's rule refuses it at once; the mirror, which has no such rule, took it.
    expect(await effects(malformed.id)).toEqual(['mirror']);
    const letters = await listDeadLetters(new Database(dataSource), {});
    expect(letters.map((letter) => [letter.consumer, letter.eventId, letter.error])).toContainEqual(
      ['test.customer-audit', malformed.id, 'data.n must not be -1'],
    );
  });

  it('retries what is not the message’s fault and dead-letters the handler’s own error as it was thrown', async () => {
    const errors: unknown[] = [];
    Logger.overrideLogger({
      log: () => undefined,
      warn: () => undefined,
      error: (message: unknown) => void errors.push(message),
    });
    const raced = event('payment.captured', 10, { fail: 'once' });
    const refused = {
      ...event('payment.captured', 11, { fail: 'always' }),
      correlation_id: 'req_7',
    };
    const after = event('payment.captured', 12);
    await publish(Topics.paymentsPayment, raced, refused, after);
    await waitFor(async () => (await effects(after.id)).length === 1, 'the capture after them');
    expect(await effects(raced.id)).toEqual(['ledger']); // the failed attempt's write was rolled back
    expect(await effects(refused.id)).toEqual([]);
    const letter = (await listDeadLetters(new Database(dataSource), {})).find(
      (one) => one.eventId === refused.id,
    );
    expect(letter).toMatchObject({ consumer: 'test.capture-ledger', attempts: 2 });
    expect(letter?.error).toContain(`ledger refuses ${refused.id}`);
    // Its log line names the event and the request that caused it.
    expect(errors).toContainEqual(
      expect.objectContaining({ eventId: refused.id, requestId: 'req_7' }),
    );
    Logger.overrideLogger(false);
  });

  it('refuses at start a handler it cannot serve, saying why', async () => {
    const transport = () =>
      new KafkaBatchTransport(
        { brokers: world.broker.brokers, clientId: 'test', groupId: 'refusals' },
        new Database(dataSource),
      );
    @Controller()
    class NoInbox {
      @EventPattern('customer.created')
      take(): string {
        return 'never called';
      }
    }
    @Controller()
    class UnknownType {
      @EventPattern('customer.teleported', inbox('test.unknown'))
      take(): string {
        return 'never called';
      }
    }
    @Controller()
    class Request {
      @MessagePattern('customer.created')
      answer(): string {
        return 'no';
      }
    }
    @Module({ controllers: [NoInbox] })
    class NoInboxModule {}
    @Module({ controllers: [UnknownType] })
    class UnknownTypeModule {}
    @Module({ controllers: [Request] })
    class RequestModule {}
    const refusals: [unknown, RegExp][] = [
      [NoInboxModule, /needs its inbox/],
      [UnknownTypeModule, /no topic carries/],
      [RequestModule, /have no reply/],
    ];
    for (const [module, reason] of refusals)
      await expect(startApp(module, transport())).rejects.toThrow(reason);
  });
});

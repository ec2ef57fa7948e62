import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { INestApplication } from '@nestjs/common';
import type { CustomerCreatedEvent } from '@platform/contracts';
import type { RunningBroker } from '@platform/embedded-kafka';
import { createOpsApp, deadLettersCommand, loadConfig } from '@platform/service-kit';
import { startTestBroker, TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import type { Producer } from 'kafkajs';
import { DataSource } from 'typeorm';
import { CUSTOMER_DIRECTORY_CONSUMER } from '../src/customer-directory/on-customer-changed.consumer';
import { PaymentsConfig } from '../src/payments.config';
import { paymentsApp } from '../src/payments-app';
import {
  startPayments,
  UNREACHABLE_BILLING_URL,
  UNREACHABLE_SETTLEMENTS_URL,
} from './payments.kit';

const CALLER = { accountId: 'acc_DeadLetters0001', mode: 'test' as const };

function customerCreated(name: string): CustomerCreatedEvent {
  const id = `cust_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
  const customer = {
    id,
    entity: 'customer' as const,
    name,
    email: null,
    contact: null,
    gstin: null,
    notes: {},
    created_at: 1_700_000_000,
  };
  return {
    id: randomUUID(),
    type: 'customer.created',
    schema_version: 1,
    account_id: CALLER.accountId,
    mode: CALLER.mode,
    stream_id: id,
    stream_version: 1,
    occurred_at: 1_700_000_000,
    correlation_id: null,
    causation_id: null,
    data: { customer },
  };
}

/**
 * The ops command's app as `main.js dead-letters` builds it: the service's module on its database,
 * not initialised (its consumer, relay and scheduler stay off).
 */
async function opsApp(
  payments: ServiceUnderTest,
  broker: RunningBroker,
): Promise<INestApplication> {
  const env = {
    DATABASE_URL: payments.databaseUrl,
    KAFKA_BROKERS: broker.brokers.join(','),
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    LOG_LEVEL: 'silent',
    SETTLEMENTS_URL: UNREACHABLE_SETTLEMENTS_URL,
    BILLING_URL: UNREACHABLE_BILLING_URL,
  };
  return createOpsApp(paymentsApp(loadConfig(PaymentsConfig, env)));
}

/** What the ops command prints, one JSON value per line. */
async function command(
  ops: INestApplication,
  ...args: string[]
): Promise<{ code: number; lines: Record<string, unknown>[] }> {
  let text = '';
  const out = new Writable({
    write: (chunk: Buffer, _encoding, done) => ((text += chunk.toString()), done()),
  });
  const code = await deadLettersCommand(ops, args, out);
  return {
    code,
    lines: text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('payments keeps the messages it cannot handle as dead letters, and replays them after a fix', () => {
  let broker: RunningBroker;
  let payments: ServiceUnderTest;
  let producer: Producer;
  let dataSource: DataSource;
  let ops: INestApplication;

  const inDirectory = async (id: string): Promise<number> =>
    (
      await dataSource.query('SELECT count(*)::int AS n FROM customer_directory WHERE id = $1', [
        id,
      ])
    )[0].n;
  const send = (topic: string, key: string, value: string) =>
    producer.send({ topic, messages: [{ key, value }] });
  const metrics = () => payments.scrapeMetrics();

  beforeAll(async () => {
    broker = await startTestBroker();
    payments = await startPayments(broker);
    dataSource = payments.app.get(DataSource);
    producer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
    ops = await opsApp(payments, broker);
  });

  afterAll(async () => {
    await ops.close();
    await producer.disconnect();
    await payments.close();
    await broker.stop();
  });

  it('keeps junk and an event whose effect keeps failing, goes on with the next ones, and counts them on /metrics', async () => {
    // A bug stand-in: the directory refuses one customer until the trigger is dropped (the "fix").
    const broken = customerCreated('Broken Customer');
    await dataSource.query(
      `CREATE FUNCTION refuse_broken() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'cannot store %', NEW.id; END $$`,
    );
    await dataSource.query(
      `CREATE TRIGGER refuse_broken BEFORE INSERT ON customer_directory FOR EACH ROW WHEN (NEW.id = '${broken.stream_id}') EXECUTE FUNCTION refuse_broken()`,
    );
    const after = customerCreated('Next Customer');
    await send('billing.customer', 'junk', 'this is not json');
    await send('billing.customer', broken.stream_id, JSON.stringify(broken));
    await send('billing.customer', after.stream_id, JSON.stringify(after));
    await waitFor(
      async () => (await inDirectory(after.stream_id)) === 1,
      'the customer after the junk and the broken one',
    );

    const { status, body } = await payments.call({
      method: 'GET',
      url: '/internal/dead-letters',
      caller: null,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      entity: 'collection',
      count: 2,
      items: [
        expect.objectContaining({
          topic: 'billing.customer',
          key: 'junk',
          value: 'this is not json',
          consumer: 'payments',
          event_id: null,
          attempts: 1,
          error: 'the message is not JSON',
          replayed_at: null,
        }),
        expect.objectContaining({
          topic: 'billing.customer',
          key: broken.stream_id,
          consumer: CUSTOMER_DIRECTORY_CONSUMER,
          event_id: broken.id,
          event_type: 'customer.created',
          attempts: 5,
          error: expect.stringContaining(`cannot store ${broken.stream_id}`),
        }),
      ],
    });
    expect(await inDirectory(broken.stream_id)).toBe(0);
    const scraped = await metrics();
    expect(scraped).toContain(`dead_letters_total{topic="billing.customer",consumer="payments"} 1`);
    expect(scraped).toContain(
      `dead_letters_total{topic="billing.customer",consumer="${CUSTOMER_DIRECTORY_CONSUMER}"} 1`,
    );
    expect(scraped).toContain('dead_letters_not_replayed 2');
  });

  it('lists them with the ops command, and replays the fixed one once: on the admin route and with the command', async () => {
    const listed = await command(ops, 'list');
    expect(listed.code).toBe(0);
    expect(listed.lines.map((line) => line['consumer'])).toEqual([
      'payments',
      CUSTOMER_DIRECTORY_CONSUMER,
    ]);
    const [junk, broken] = listed.lines as { id: string; key: string }[];

    const again = await payments.call({
      method: 'POST',
      url: `/internal/dead-letters/${broken.id}/replay`,
      caller: null,
    });
    expect(again).toEqual({
      status: 200,
      body: {
        id: broken.id,
        outcome: 'failed',
        error: expect.stringContaining('cannot store'),
        attempts: 6,
      },
    });

    await dataSource.query('DROP TRIGGER refuse_broken ON customer_directory');
    const replayed = await payments.call({
      method: 'POST',
      url: `/internal/dead-letters/${broken.id}/replay`,
      caller: null,
    });
    expect(replayed).toEqual({ status: 200, body: { id: broken.id, outcome: 'replayed' } });
    expect(await inDirectory(broken.key)).toBe(1);

    const all = await command(ops, 'replay', 'all');
    expect(all).toEqual({
      code: 1,
      lines: [{ id: junk.id, outcome: 'failed', error: 'the message is not JSON', attempts: 2 }],
    });
    expect(await command(ops, 'replay', broken.id)).toEqual({
      code: 0,
      lines: [{ id: broken.id, outcome: 'already-replayed' }],
    });
    expect(await inDirectory(broken.key)).toBe(1);
    expect(await metrics()).toContain('dead_letters_not_replayed 1');
    expect((await command(ops, 'list', '--all')).lines).toHaveLength(2);
  });

  it('answers the API’s 400 for an unknown or malformed id, and 401 without the internal token', async () => {
    expect(
      await payments.call({
        method: 'POST',
        url: '/internal/dead-letters/424242/replay',
        caller: null,
      }),
    ).toEqual({
      status: 400,
      body: {
        error: expect.objectContaining({
          code: 'BAD_REQUEST_ERROR',
          description: 'The id provided does not exist',
        }),
      },
    });
    for (const [method, url, field] of [
      ['POST', '/internal/dead-letters/abc/replay', 'id'],
      ['GET', '/internal/dead-letters?all=maybe', 'all'],
    ] as const)
      expect((await payments.call({ method, url, caller: null })).body).toEqual({
        error: expect.objectContaining({ field }),
      });
    expect(
      (await payments.app.inject({ method: 'GET', url: '/internal/dead-letters' })).statusCode,
    ).toBe(401);
  });
});

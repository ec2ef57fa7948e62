import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { CustomerCreatedEvent, CustomerUpdatedEvent } from '@platform/contracts';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startServiceUnderTest, startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import type { Producer } from 'kafkajs';
import { DataSource } from 'typeorm';
import { AppModule, PAYMENTS_CONSUMER_GROUP } from '../app.module';
import { PaymentsConfig } from '../payments.config';
import { CUSTOMER_DIRECTORY_CONSUMER } from './on-customer-changed.consumer';

const CALLER = { accountId: 'acc_DirectoryTest01', mode: 'test' as const };

function newCustomerId(): string {
  return `cust_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
}

/** A billing.customer event as the contracts define it. */
function customerEvent(
  customerId: string,
  version: number,
  customer: { name: string | null; email?: string | null; contact?: string | null },
): CustomerCreatedEvent | CustomerUpdatedEvent {
  const envelope = {
    id: randomUUID(),
    schema_version: 1,
    account_id: CALLER.accountId,
    mode: CALLER.mode,
    stream_id: customerId,
    stream_version: version,
    occurred_at: 1_700_000_000,
    correlation_id: null,
    causation_id: null,
  };
  const entity = {
    id: customerId,
    entity: 'customer' as const,
    email: null,
    contact: null,
    gstin: null,
    notes: {},
    created_at: 1_700_000_000,
    ...customer,
  };
  return version === 1
    ? { ...envelope, type: 'customer.created', data: { customer: entity } }
    : { ...envelope, type: 'customer.updated', data: { customer: entity, changed: ['name'] } };
}

describe('payments keeps its own directory of the customers billing publishes', () => {
  let broker: RunningBroker;
  let payments: ServiceUnderTest;
  let producer: Producer;

  const directoryRow = async (id: string) => {
    const [row] = await payments.app
      .get(DataSource)
      .query('SELECT id, version, name, email, contact FROM customer_directory WHERE id = $1', [
        id,
      ]);
    return row as
      | {
          id: string;
          version: number;
          name: string | null;
          email: string | null;
          contact: string | null;
        }
      | undefined;
  };

  beforeAll(async () => {
    broker = await startTestBroker();
    payments = await startServiceUnderTest({
      service: 'payments',
      configSchema: PaymentsConfig,
      module: (config) => AppModule.register(config),
      broker,
    });
    producer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
  });

  afterAll(async () => {
    await producer.disconnect();
    await payments.close();
    await broker.stop();
  });

  const send = (event: CustomerCreatedEvent | CustomerUpdatedEvent) =>
    producer.send({
      topic: 'billing.customer',
      messages: [{ key: event.stream_id, value: JSON.stringify(event) }],
    });

  it('records created customers and applies their edits', async () => {
    const id = newCustomerId();
    await send(customerEvent(id, 1, { name: 'Asha Rao', email: 'asha@example.com' }));
    await waitFor(async () => (await directoryRow(id))?.version === 1, 'the created customer');
    await send(
      customerEvent(id, 2, {
        name: 'Asha Rao',
        email: 'asha@example.com',
        contact: '+919812300000',
      }),
    );
    await waitFor(async () => (await directoryRow(id))?.version === 2, 'the edit');
    expect(await directoryRow(id)).toEqual({
      id,
      version: 2,
      name: 'Asha Rao',
      email: 'asha@example.com',
      contact: '+919812300000',
    });
  });

  it('has one effect for a message delivered twice, and ignores an older version', async () => {
    const id = newCustomerId();
    const newer = customerEvent(id, 3, { name: 'Newest Name' });
    await send(newer);
    await send(newer);
    await send(customerEvent(id, 2, { name: 'Older Name' }));
    await waitFor(async () => (await directoryRow(id))?.version === 3, 'the newest version');
    await send(customerEvent(id, 4, { name: 'Last One' }));
    await waitFor(async () => (await directoryRow(id))?.version === 4, 'the last event');
    const inbox = await payments.app
      .get(DataSource)
      .query('SELECT count(*)::int AS n FROM inbox WHERE consumer = $1 AND message_id = $2', [
        CUSTOMER_DIRECTORY_CONSUMER,
        newer.id,
      ]);
    expect(inbox[0].n).toBe(1);
    expect((await directoryRow(id))?.name).toBe('Last One');
  });

  it('skips a message that is not a valid event and goes on with the next', async () => {
    await producer.send({
      topic: 'billing.customer',
      messages: [
        { key: 'junk', value: '{"not":"an envelope"}' },
        { key: 'junk', value: 'not even json' },
      ],
    });
    const id = newCustomerId();
    await send(customerEvent(id, 1, { name: 'After Junk' }));
    await waitFor(
      async () => (await directoryRow(id)) !== undefined,
      'the customer after the junk',
    );
  });

  it('commits its offsets after handling', async () => {
    const admin = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const high = (await admin.fetchTopicOffsets('billing.customer')).reduce(
      (sum, p) => sum + Number(p.high),
      0,
    );
    await waitFor(async () => {
      const [{ partitions }] = await admin.fetchOffsets({
        groupId: PAYMENTS_CONSUMER_GROUP,
        topics: ['billing.customer'],
      });
      return partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0) === high;
    }, 'committed offsets up to the end of the topic');
    await admin.disconnect();
  });
});

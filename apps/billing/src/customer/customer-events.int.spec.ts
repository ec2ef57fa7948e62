import 'reflect-metadata';
import { startBroker } from '@platform/embedded-kafka';
import type { RunningBroker } from '@platform/embedded-kafka';
import { Database, rebuildProjections } from '@platform/event-store';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import { DataSource } from 'typeorm';
import { startBilling } from '../../test/billing.kit';
import { BILLING_READ_MODELS } from '../app.module';
import { CustomerDetailsRow } from './customer-details/customer-details.entity';

const CALLER = { accountId: 'acc_EventsEvents01', mode: 'test' as const };

describe('customer events and the customer read model', () => {
  let broker: RunningBroker;
  let billing: ServiceUnderTest;

  beforeAll(async () => {
    broker = await startBroker({ port: 0 });
    billing = await startBilling(broker);
  });

  afterAll(async () => {
    await billing.close();
    await broker.stop();
  });

  const create = (name: string) =>
    billing.call({ method: 'POST', url: '/v1/customers', body: { name }, caller: CALLER });

  it('publishes every customer created while Kafka was down, once each, when it is back', async () => {
    const port = broker.port;
    await broker.stop();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { status, body } = await create(`Offline Customer ${i}`);
      expect(status).toBe(200); // the API does not depend on Kafka being up
      ids.push(body['id'] as string);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    broker = await startBroker({ port });
    const consumer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).consumer({
      groupId: 'outage-audit',
      maxWaitTimeInMs: 200,
    });
    const created: string[] = [];
    await consumer.connect();
    await consumer.subscribe({ topic: 'billing.customer', fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => void created.push(String(message.key)),
    });
    await waitFor(
      () => ids.every((id) => created.includes(id)),
      'the five customers on billing.customer',
      30000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000)); // any duplicate would arrive by now
    await consumer.disconnect();
    expect(created.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
  });

  it('rebuilds the customer read model from the event store into exactly the live rows', async () => {
    for (let i = 0; i < 4; i++) {
      const { body } = await create(`Rebuilt Customer ${i}`);
      if (i % 2 === 0)
        await billing.call({
          method: 'PUT',
          url: `/v1/customers/${body['id']}`,
          body: { email: `rebuilt${i}@example.com`, notes: { n: i } },
          caller: CALLER,
        });
    }
    const dataSource = billing.app.get(DataSource);
    const live = await dataSource.manager.find(CustomerDetailsRow, { order: { id: 'ASC' } });
    expect(live.length).toBeGreaterThanOrEqual(9);
    await rebuildProjections(
      billing.app.get(Database),
      BILLING_READ_MODELS.streamTypes,
      BILLING_READ_MODELS.projections,
    );
    expect(await dataSource.manager.find(CustomerDetailsRow, { order: { id: 'ASC' } })).toEqual(
      live,
    );
  });
});

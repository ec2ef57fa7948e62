import 'reflect-metadata';
import { startBroker } from '@platform/embedded-kafka';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { startBilling } from './billing.kit';

/** Readiness says whether a replica can serve requests; a Kafka outage only delays events. */
describe('billing while Kafka is down', () => {
  let billing: ServiceUnderTest;

  beforeAll(async () => {
    const broker = await startBroker({ port: 0 });
    billing = await startBilling(broker);
    await broker.stop();
  });
  afterAll(() => billing.close());

  const get = async (url: string) => billing.app.inject({ method: 'GET', url });

  it('stays ready and takes writes (through the outbox), while /health/kafka and the kafka_reachable gauge report the broker down', async () => {
    const ready = await get('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({
      status: 'ok',
      info: { database: { status: 'up' } },
    });
    await waitFor(
      async () => (await get('/health/kafka')).statusCode === 503,
      'the Kafka check to see the broker gone',
      10_000,
    );
    expect(JSON.parse((await get('/health/kafka')).body)).toMatchObject({
      status: 'error',
      error: { kafka: { status: 'down' } },
    });
    expect(await billing.scrapeMetrics()).toMatch(/^kafka_reachable 0$/m);

    const created = await billing.call({
      method: 'POST',
      url: '/v1/customers',
      body: { name: 'Asha', email: 'asha@example.com' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ entity: 'customer', name: 'Asha' });
  });
});

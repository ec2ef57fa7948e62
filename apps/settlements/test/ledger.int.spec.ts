import 'reflect-metadata';
import { startBroker } from '@platform/embedded-kafka';
import type { RunningBroker } from '@platform/embedded-kafka';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing';
import { as, captured, newAccount, paymentEntity, producerFor, startSettlements } from './settlements.kit';

describe('smoke', () => {
  let broker: RunningBroker;
  let settlements: ServiceUnderTest;
  let producer: Awaited<ReturnType<typeof producerFor>>;

  beforeAll(async () => {
    broker = await startBroker({ port: 0 });
    settlements = await startSettlements(broker);
    producer = await producerFor(broker);
  });
  afterAll(async () => {
    await producer.disconnect();
    await settlements.close();
    await broker.stop();
  });

  it('posts a capture', async () => {
    const caller = newAccount();
    const payment = paymentEntity({ amount: 50000 });
    await producer.publish(captured(caller, payment));
    const ledger = await waitFor(async () => {
      const { body } = await as(settlements, caller).get('/internal/ledger');
      return (body['currencies'] as unknown[]).length > 0 ? body : null;
    }, 'the posting');
    console.log(JSON.stringify(ledger));
  });
});

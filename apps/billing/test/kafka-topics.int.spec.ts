import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { TOPIC_DECLARATIONS } from '@platform/contracts';
import { startBroker } from '@platform/embedded-kafka';
import type { RunningBroker } from '@platform/embedded-kafka';
import { loadConfig, provisionTopicsCommand } from '@platform/service-kit';
import { TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import { Kafka, logLevel } from 'kafkajs';
import { BillingConfig } from '../src/billing.config';
import { customerEventArrives, startBilling } from './billing.kit';

/** What an operator runs: `provision-topics`, its printed report and its exit code. */
async function provision(broker: RunningBroker, args: string[] = ['--replication-factor', '1']) {
  const config = loadConfig(BillingConfig, {
    DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
    KAFKA_BROKERS: broker.brokers.join(','),
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
  });
  let printed = '';
  const out = new Writable({
    write: (chunk, _encoding, done) => ((printed += String(chunk)), done()),
  });
  const code = await provisionTopicsCommand(config, 'billing', args, out);
  return { code, printed };
}

/** A cluster that does not create topics on first use, as production clusters are run. */
describe('topics provisioned from their declaration, on a cluster without auto-creation', () => {
  let broker: RunningBroker;

  beforeAll(async () => (broker = await startBroker({ port: 0, autoCreateTopics: false })));
  afterAll(() => broker.stop());

  const startWithoutAutoCreation = () =>
    startBilling(broker, { KAFKA_AUTO_CREATE_TOPICS: 'false' });

  it('refuses to start billing while the topics it publishes and reads are missing, naming them', async () => {
    const starting = startWithoutAutoCreation();
    await expect(starting).rejects.toThrow(
      /Kafka topics missing and KAFKA_AUTO_CREATE_TOPICS=false: .*billing\.customer/,
    );
    await expect(starting).rejects.toThrow(/payments\.payment/); // one it reads
  });

  it('provisions every declared topic once, then finds them as declared, and billing starts and publishes', async () => {
    const first = await provision(broker, ['--dry-run', '--replication-factor', '1']);
    expect(first.printed).toContain(
      `would create: ${TOPIC_DECLARATIONS.map((topic) => topic.name).join(', ')}`,
    );
    const created = await provision(broker);
    expect(created.code).toBe(0);
    expect(created.printed).toContain(
      `created: ${TOPIC_DECLARATIONS.map((topic) => topic.name).join(', ')}`,
    );
    const again = await provision(broker);
    expect(again.printed).toContain('created: none');
    expect(again.printed).toContain(
      `as declared: ${TOPIC_DECLARATIONS.map((topic) => topic.name).join(', ')}`,
    );

    const admin = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const { topics } = await admin.fetchTopicMetadata({ topics: ['billing.customer'] });
    expect(topics[0].partitions).toHaveLength(6);
    await admin.disconnect();

    const billing = await startWithoutAutoCreation();
    try {
      const email = `${randomUUID()}@example.com`;
      expect(
        (
          await billing.call({
            method: 'POST',
            url: '/v1/customers',
            body: { name: 'Asha', email },
          })
        ).status,
      ).toBe(200);
      await customerEventArrives(
        new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }),
        email,
        'customer.created on the provisioned topic',
      );
    } finally {
      await billing.close();
    }
  });

  it('reports a topic whose shape differs from its declaration, and exits 2', async () => {
    const other = await startBroker({ port: 0, autoCreateTopics: false });
    try {
      const admin = new Kafka({ brokers: other.brokers, logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      await admin.createTopics({ topics: [{ topic: 'payments.payment', numPartitions: 2 }] });
      await admin.disconnect();
      const report = await provision(other);
      expect(report.code).toBe(2);
      expect(report.printed).toContain('drift: payments.payment partitions is 2, declared 6');
    } finally {
      await other.stop();
    }
  });
});

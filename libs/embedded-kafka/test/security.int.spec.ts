import { randomUUID } from 'node:crypto';
import { createTestCertificates } from '@platform/testing-core';
import type { TestCertificates } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import type { KafkaConfig, SASLOptions } from 'kafkajs';
import { startBroker } from '../src';
import type { RunningBroker } from '../src';

const USERS = { platform: 'correct horse battery staple' };

/** A round trip: one message produced, then read back by a new consumer group. */
async function roundTrip(config: KafkaConfig): Promise<string> {
  const kafka = new Kafka({ ...config, logLevel: logLevel.NOTHING, retry: { retries: 0 } });
  const topic = `secure-${randomUUID()}`;
  const producer = kafka.producer();
  await producer.connect();
  try {
    await producer.send({ topic, messages: [{ key: 'k', value: 'over TLS and SASL' }] });
  } finally {
    await producer.disconnect();
  }
  const consumer = kafka.consumer({ groupId: randomUUID(), maxWaitTimeInMs: 100 });
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    return await new Promise<string>((resolve) => {
      void consumer.run({ eachMessage: async ({ message }) => resolve(String(message.value)) });
    });
  } finally {
    await consumer.disconnect();
  }
}

describe('the dev broker as a managed Kafka is run: TLS, mTLS and SASL', () => {
  let certificates: TestCertificates;
  let broker: RunningBroker;

  beforeAll(async () => {
    certificates = await createTestCertificates();
    broker = await startBroker({
      port: 0,
      tls: certificates.mutualTls,
      sasl: { mechanisms: ['PLAIN', 'SCRAM-SHA-256', 'SCRAM-SHA-512'], users: USERS },
    });
  });
  afterAll(() => broker.stop());

  const secured = (sasl: SASLOptions): KafkaConfig => ({
    brokers: broker.brokers,
    ssl: { ca: [certificates.ca], ...certificates.client },
    sasl,
  });

  it.each(['plain', 'scram-sha-256', 'scram-sha-512'] as const)(
    'carries messages for a client that proves its user with %s over mutual TLS',
    async (mechanism) => {
      const sasl = { mechanism, username: 'platform', password: USERS.platform } as SASLOptions;
      await expect(roundTrip(secured(sasl))).resolves.toBe('over TLS and SASL');
    },
  );

  it.each(['plain', 'scram-sha-512'] as const)(
    'refuses a wrong password with %s',
    async (mechanism) => {
      const sasl = { mechanism, username: 'platform', password: 'wrong' } as SASLOptions;
      await expect(roundTrip(secured(sasl))).rejects.toThrow(/SASL|[Aa]uthentication/);
    },
  );

  it('refuses an unknown user', async () => {
    const sasl = { mechanism: 'scram-sha-256', username: 'nobody', password: 'x' } as SASLOptions;
    await expect(roundTrip(secured(sasl))).rejects.toThrow(/SASL|[Aa]uthentication/);
  });

  it('answers nothing but the handshake to a client that does not authenticate', async () => {
    const config = {
      brokers: broker.brokers,
      ssl: { ca: [certificates.ca], ...certificates.client },
    };
    await expect(roundTrip(config)).rejects.toThrow();
  });

  it('refuses a client without a certificate, and one that does not trust the broker', async () => {
    const sasl = {
      mechanism: 'plain',
      username: 'platform',
      password: USERS.platform,
    } as SASLOptions;
    await expect(
      roundTrip({ brokers: broker.brokers, ssl: { ca: [certificates.ca] }, sasl }),
    ).rejects.toThrow();
    await expect(roundTrip({ brokers: broker.brokers, ssl: true, sasl })).rejects.toThrow();
  });
});

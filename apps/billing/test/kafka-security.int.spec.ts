import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { startBroker } from '@platform/embedded-kafka';
import type { RunningBroker } from '@platform/embedded-kafka';
import type { ServiceUnderTest } from '@platform/service-testing';
import { createTestCertificates, waitFor } from '@platform/testing-core';
import type { TestCertificates } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import type { KafkaConfig } from 'kafkajs';
import { customerEventArrives, startBilling } from './billing.kit';

const PASSWORD = 'managed-cluster-password';

/** A service against a cluster run as managed Kafka is: mutual TLS and SCRAM on every connection. */
describe('billing on a Kafka cluster that asks for TLS and SASL', () => {
  let certificates: TestCertificates;
  let broker: RunningBroker;
  let billing: ServiceUnderTest;

  const clientSettings = (password = PASSWORD) => ({
    KAFKA_SSL: 'true',
    KAFKA_SSL_CA_FILE: certificates.files.ca,
    KAFKA_SSL_CERT_FILE: certificates.files.clientCert,
    KAFKA_SSL_KEY_FILE: certificates.files.clientKey,
    KAFKA_SASL_MECHANISM: 'scram-sha-512',
    KAFKA_SASL_USERNAME: 'billing',
    KAFKA_SASL_PASSWORD: password,
    KAFKA_CLIENT_ID: 'billing-secure',
  });
  const start = (password?: string) => startBilling(broker, clientSettings(password));
  const operator = (): KafkaConfig => ({
    brokers: broker.brokers,
    logLevel: logLevel.NOTHING,
    ssl: { ca: [certificates.ca], ...certificates.client },
    sasl: { mechanism: 'scram-sha-512', username: 'billing', password: PASSWORD },
  });

  beforeAll(async () => {
    certificates = await createTestCertificates();
    broker = await startBroker({
      port: 0,
      tls: certificates.mutualTls,
      sasl: { mechanisms: ['SCRAM-SHA-512'], users: { billing: PASSWORD } },
    });
    billing = await start();
  });
  afterAll(async () => {
    await billing.close();
    await broker.stop();
  });

  it('publishes its events, joins its consumer group and reports the cluster reachable', async () => {
    const email = `${randomUUID()}@example.com`;
    const created = await billing.call({
      method: 'POST',
      url: '/v1/customers',
      body: { name: 'Asha', email },
    });
    expect(created.status).toBe(200);
    await customerEventArrives(new Kafka(operator()), email, 'customer.created over TLS and SASL');

    const admin = new Kafka(operator()).admin();
    await admin.connect();
    await waitFor(
      async () =>
        (await admin.describeGroups(['billing'])).groups[0]?.members.some(
          (member) => member.clientId === 'billing-secure',
        ) ?? false,
      'billing’s consumer in its group, under its client id',
      15_000,
    );
    await admin.disconnect();
    const kafka = await billing.app.inject({ method: 'GET', url: '/health/kafka' });
    expect(JSON.parse(kafka.body)).toMatchObject({
      status: 'ok',
      info: { kafka: { status: 'up' } },
    });
  });

  it('with a wrong password, reports the cluster unreachable and keeps taking writes', async () => {
    const refused = await start('wrong-password');
    try {
      await waitFor(
        async () =>
          (await refused.app.inject({ method: 'GET', url: '/health/kafka' })).statusCode === 503,
        'the Kafka check to fail',
        10_000,
      );
      const created = await refused.call({
        method: 'POST',
        url: '/v1/customers',
        body: { name: 'Ravi', email: `${randomUUID()}@example.com` },
      });
      expect(created.status).toBe(200);
    } finally {
      await refused.close();
    }
  });
});

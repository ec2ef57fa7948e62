import { randomUUID } from 'node:crypto';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startServiceUnderTest, startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import type { Producer } from 'kafkajs';
import { AppModule } from '../src/app.module';
import { BillingConfig } from '../src/billing.config';

/**
 * Billing's real module on a fresh database: on `broker` (else a broker of its own), `env` added to
 * its settings.
 */
export function startBilling(
  broker?: RunningBroker,
  env?: Record<string, string>,
): Promise<ServiceUnderTest> {
  return startServiceUnderTest({
    service: 'billing',
    configSchema: BillingConfig,
    module: (config) => AppModule.register(config),
    broker,
    env,
  });
}

/** Waits until billing.customer carries an event naming `email`, read from the start by a new group. */
export async function customerEventArrives(
  kafka: Kafka,
  email: string,
  what: string,
): Promise<void> {
  const consumer = kafka.consumer({ groupId: randomUUID(), maxWaitTimeInMs: 100 });
  const seen: string[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic: 'billing.customer', fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => void seen.push(String(message.value)),
  });
  await waitFor(() => seen.some((value) => value.includes(email)), what, 15_000);
  await consumer.disconnect();
}

/** Billing on a broker of its own, with a producer there for other services' events. */
export interface BillingWithBroker {
  broker: RunningBroker;
  billing: ServiceUnderTest;
  producer: Producer;
  stop(): Promise<void>;
}

export async function startBillingWithBroker(): Promise<BillingWithBroker> {
  const broker = await startTestBroker();
  const billing = await startBilling(broker);
  const producer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).producer();
  await producer.connect();
  return {
    broker,
    billing,
    producer,
    async stop() {
      await producer.disconnect();
      await billing.close();
      await broker.stop();
    },
  };
}

/** A request of `caller` that must succeed: its answer's body, or the error that says why not. */
export async function okCall(
  billing: ServiceUnderTest,
  caller: TestCaller,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const answer = await billing.call({ method, url, caller, body });
  if (answer.status !== 200) throw new Error(`${url}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

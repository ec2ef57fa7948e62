import { randomUUID } from 'node:crypto';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startServiceUnderTest } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing';
import type { Kafka } from 'kafkajs';
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

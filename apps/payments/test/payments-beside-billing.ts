import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import { DataSource } from 'typeorm';
import { PAYMENTS_CONSUMER_GROUP } from '../src/app.module';
import { startBillingStub } from './billing-stub';
import type { BillingStub } from './billing-stub';
import { startPayments } from './payments.kit';

/** Payments with billing's internal API served by a stub, and billing's events sent by the test. */
export interface PaymentsBesideBilling {
  broker: RunningBroker;
  billing: BillingStub;
  payments: ServiceUnderTest;
  query(text: string, values: unknown[]): Promise<Record<string, unknown>[]>;
  /** The types of a stream's events, in order. */
  streamEvents(streamId: string): Promise<unknown[]>;
  /**
   * Sends billing's event and waits until `consumer` has it in its inbox, or, for one the consumer
   * passes by (no inbox row), until payments' consumer group has committed past it.
   */
  deliver(topic: string, consumer: string, event: { id: string; stream_id: string }): Promise<void>;
  close(): Promise<void>;
}

export async function startPaymentsBesideBilling(): Promise<PaymentsBesideBilling> {
  const broker = await startTestBroker();
  const billing = await startBillingStub();
  const payments = await startPayments(broker, billing.url);
  const kafka = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING });
  const producer = kafka.producer();
  await producer.connect();
  const admin = kafka.admin();
  await admin.connect();
  const query = (text: string, values: unknown[]) =>
    payments.app.get(DataSource).query(text, values) as Promise<Record<string, unknown>[]>;
  return {
    broker,
    billing,
    payments,
    query,
    streamEvents: async (streamId) =>
      (
        await query('SELECT type FROM events WHERE stream_id = $1 ORDER BY version', [streamId])
      ).map((row) => row['type']),
    async deliver(topic, consumer, event) {
      const [sent] = await producer.send({
        topic,
        messages: [{ key: event.stream_id, value: JSON.stringify(event) }],
      });
      const committedPast = async () => {
        const [{ partitions }] = await admin.fetchOffsets({
          groupId: PAYMENTS_CONSUMER_GROUP,
          topics: [topic],
        });
        const committed = partitions.find((p) => p.partition === sent.partition)?.offset ?? '-1';
        return BigInt(committed) > BigInt(sent.baseOffset ?? '0');
      };
      await waitFor(
        async () =>
          (
            await query('SELECT 1 FROM inbox WHERE consumer = $1 AND message_id = $2', [
              consumer,
              event.id,
            ])
          ).length === 1 || (await committedPast()),
        `the event in ${consumer}'s inbox, or consumed past`,
      );
    },
    async close() {
      await admin.disconnect();
      await producer.disconnect();
      await payments.close();
      await billing.close();
      await broker.stop();
    },
  };
}

import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { startBroker } from '@platform/embedded-kafka';
import type { RunningBroker } from '@platform/embedded-kafka';
import { Database } from '@platform/event-store';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import { paymentEvent } from './payment-events';
import { startBilling } from './billing.kit';

const CALLER = { accountId: 'acc_PipelineMetrics1', mode: 'test' as const };

/** A gauge or counter's value in the scrape (0 when the series is not there yet). */
function value(scrape: string, series: string): number {
  const line = scrape.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** What an SRE watches of billing's event pipeline, on its metrics port. */
describe('billing’s pipeline metrics', () => {
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

  it('counts the events its consumer handles and how far behind it is, per topic and partition', async () => {
    const before = value(
      await billing.scrapeMetrics(),
      'consumer_events_handled_total{topic="payments.payment"}',
    );
    const producer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
    const events = Array.from({ length: 3 }, () =>
      // Captures on an invoice (unknown here): events billing's consumers take in, if to no effect.
      paymentEvent(CALLER, 'payment.captured', {
        amount: 5000,
        orderId: `order_${randomUUID().slice(0, 14)}`,
        invoiceId: 'inv_NotAnInvoice01',
      }),
    );
    await producer.send({
      topic: 'payments.payment',
      messages: events.map((event) => ({ key: event.stream_id, value: JSON.stringify(event) })),
    });
    await producer.disconnect();
    await waitFor(
      async () =>
        value(
          await billing.scrapeMetrics(),
          'consumer_events_handled_total{topic="payments.payment"}',
        ) >=
        before + 3,
      'three events handled',
      15_000,
    );
    expect(await billing.scrapeMetrics()).toMatch(
      /^kafka_consumer_lag\{topic="payments\.payment",partition="0"\} 0$/m,
    );
  });

  it('shows what waits in the outbox and for how long while Kafka is away', async () => {
    await broker.stop();
    const created = await billing.call({
      method: 'POST',
      url: '/v1/customers',
      body: { name: 'Asha', email: `${randomUUID()}@example.com` },
      caller: CALLER,
    });
    expect(created.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const scrape = await billing.scrapeMetrics();
    expect(value(scrape, 'outbox_unpublished_events')).toBeGreaterThanOrEqual(1);
    expect(value(scrape, 'outbox_oldest_unpublished_age_seconds')).toBeGreaterThanOrEqual(1);
  });

  it('shows scheduled work that is due and how late it is, on the account’s clock', async () => {
    await billing.app.get(Database).query(
      {
        name: 'test.due-job',
        text: `INSERT INTO due_jobs (kind, stream_id, account_id, mode, due_at, leased_until) VALUES ('metrics-test', 'x', $1, 'test', $2, $3)`,
      },
      [CALLER.accountId, Date.now() - 5000, Date.now() + 600_000],
    );
    const scrape = await billing.scrapeMetrics();
    expect(value(scrape, 'due_jobs_due{kind="metrics-test"}')).toBe(1);
    expect(value(scrape, 'due_jobs_lateness_seconds{kind="metrics-test"}')).toBeGreaterThanOrEqual(
      5,
    );
  });

  it('counts the due jobs this replica ran, by kind and outcome (a kind it has no handler for: failed)', async () => {
    await billing.app.get(Database).query(
      {
        name: 'test.unknown-due-job',
        text: `INSERT INTO due_jobs (kind, stream_id, account_id, mode, due_at) VALUES ('metrics-unknown', 'x', $1, 'live', $2)`,
      },
      [CALLER.accountId, Date.now() - 1000],
    );
    await waitFor(
      async () =>
        value(
          await billing.scrapeMetrics(),
          'due_jobs_run_total{kind="metrics-unknown",outcome="failed"}',
        ) >= 1,
      'the failed run counted',
    );
  });
});

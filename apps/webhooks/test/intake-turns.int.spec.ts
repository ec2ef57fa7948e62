import 'reflect-metadata';
import type { IntegrationEvent } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { EventBatch } from '@platform/messaging';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { DeliveryIntake } from '../src/delivery/delivery-intake';
import { envelope, newAccount, query, startWithBroker, stopAll } from './webhooks.kit';
import type { WebhooksUnderTest } from './webhooks.kit';

/**
 * Two intake transactions that keep the same entities, each in two chunks (as a transaction of two
 * partitions' chunks does), in opposite orders: the first keeps one payment, then another; the
 * second the other, then the one. Locked in those orders they deadlock, and PostgreSQL takes a
 * second to say so; in turns, the second waits for the first's commit.
 */
describe('the delivery intake, two transactions keeping the same entities at once', () => {
  let running: WebhooksUnderTest;
  let webhooks: ServiceUnderTest;

  beforeAll(async () => {
    ({ webhooks } = running = await startWithBroker());
  });

  afterAll(() => stopAll(running));

  const paymentCaptured = (caller: TestCaller, paymentId: string) =>
    envelope(caller, 'payment.captured', paymentId, {
      payment: {
        id: paymentId,
        entity: 'payment',
        amount: 50000,
        currency: 'INR',
        status: 'captured',
      },
      order: null,
    });

  it('both commit, both payments kept', async () => {
    const database = webhooks.app.get(Database);
    const intake = webhooks.app.get(DeliveryIntake);
    const caller = newAccount();
    const [firstPayment, secondPayment] = [newId('pay'), newId('pay')];
    const takeIn = (tx: SqlRunner, event: IntegrationEvent) =>
      intake.takeIn([event], new EventBatch([tx, 'payments.payment']));
    let firstChunkKept: () => void = () => undefined;
    const firstKept = new Promise<void>((resolve) => (firstChunkKept = resolve));

    const first = database.transaction(async (tx) => {
      await takeIn(tx, paymentCaptured(caller, firstPayment));
      firstChunkKept();
      // Time for the second transaction to keep the second payment, if nothing makes it wait.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await takeIn(tx, paymentCaptured(caller, secondPayment));
    });
    const second = firstKept.then(() =>
      database.transaction(async (tx) => {
        await takeIn(tx, paymentCaptured(caller, secondPayment));
        await takeIn(tx, paymentCaptured(caller, firstPayment));
      }),
    );

    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    expect(
      await query(webhooks, 'SELECT id FROM entity_snapshots WHERE account_id = $1 ORDER BY id', [
        caller.accountId,
      ]),
    ).toEqual([firstPayment, secondPayment].sort().map((id) => ({ id })));
  });
});

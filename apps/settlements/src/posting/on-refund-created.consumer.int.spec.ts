import 'reflect-metadata';
import type { RefundCreatedEvent } from '@platform/contracts';
import { consumerInbox } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import {
  newAccount,
  paymentEntity,
  query,
  refundCreated,
  postingTraces,
  startWithBroker,
  stopAll,
} from '../../test/settlements.kit';
import type { EventProducer, SettlementsUnderTest } from '../../test/settlements.kit';
import { LEDGER_REFUNDS_CONSUMER } from './on-refund-created.consumer';

/**
 * Another payment's refund on this refund's partition, after its messages: this consumer takes it in
 * (a refund.processed it would pass by without an inbox row), and it posts nothing of this one.
 */
function createdAfter(caller: TestCaller, created: RefundCreatedEvent): RefundCreatedEvent {
  return {
    ...refundCreated(caller, paymentEntity({ amount: 1000 }), 100),
    stream_id: created.stream_id,
  };
}

describe('settlements takes each refund from the balance once (payments.refund)', () => {
  let settlements: ServiceUnderTest;
  let producer: EventProducer;
  let running: SettlementsUnderTest;

  beforeAll(async () => ({ settlements, producer } = running = await startWithBroker()));
  afterAll(() => stopAll(running));

  const {
    rows: inboxRows,
    consumedUpTo,
    deadLetters,
  } = consumerInbox(() => settlements, LEDGER_REFUNDS_CONSUMER);
  const traces = (id: string) => postingTraces(settlements, id);

  it('posts a refund once, however often it is delivered', async () => {
    const caller = newAccount();
    const created = refundCreated(caller, paymentEntity({ amount: 50000 }), 20000);
    const refundId = created.data.refund.id;
    await producer.publish(created, created);
    const marker = createdAfter(caller, created);
    await producer.publish(marker);
    await consumedUpTo(marker);
    expect(await inboxRows(created.id)).toBe(1);
    expect(await traces(refundId)).toEqual({ events: 1, transactions: 1, entries: 2 });
    expect(
      await query(
        settlements,
        'SELECT kind, account_id, balance_delta FROM ledger_transactions WHERE id = $1',
        [refundId],
      ),
    ).toEqual([{ kind: 'refund', account_id: caller.accountId, balance_delta: '-20000' }]);
  });

  it('posts nothing for the automatic refund of a payment that was never captured', async () => {
    const caller = newAccount();
    const uncaptured = paymentEntity({
      amount: 40000,
      captured: false,
      status: 'refunded',
      fee: null,
      tax: null,
    });
    const created = refundCreated(caller, uncaptured, 40000);
    await producer.publish(created, created);
    const marker = createdAfter(caller, created);
    await producer.publish(marker);
    await consumedUpTo(marker);
    expect(await inboxRows(created.id)).toBe(1);
    expect(await traces(created.data.refund.id)).toEqual({
      events: 0,
      transactions: 0,
      entries: 0,
    });
  });

  it('dead-letters a refund of a negative amount, posts nothing of it, and goes on with the next', async () => {
    const caller = newAccount();
    const created = refundCreated(caller, paymentEntity({ amount: 50000 }), 20000);
    const broken = {
      ...created,
      data: { ...created.data, refund: { ...created.data.refund, amount: -1 } },
    };
    await producer.publish(broken);
    const marker = createdAfter(caller, created);
    await producer.publish(marker);
    await consumedUpTo(marker);
    expect(await deadLetters(broken.id)).toEqual([
      { error: 'data.refund.amount must be a non-negative integer with a currency' },
    ]);
    expect(await inboxRows(broken.id)).toBe(0);
    expect(await traces(created.data.refund.id)).toEqual({
      events: 0,
      transactions: 0,
      entries: 0,
    });
  });
});

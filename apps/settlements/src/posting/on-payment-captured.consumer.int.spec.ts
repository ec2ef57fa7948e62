import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { PaymentCapturedEvent, PaymentEntity } from '@platform/contracts';
import { consumerInbox } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import {
  captured,
  newAccount,
  paymentEntity,
  query,
  postingTraces,
  startWithBroker,
  stopAll,
} from '../../test/settlements.kit';
import type { EventProducer, SettlementsUnderTest } from '../../test/settlements.kit';
import { LEDGER_CAPTURES_CONSUMER } from './on-payment-captured.consumer';

/**
 * Another payment's capture on this payment's partition, after its messages: this consumer takes it
 * in (an authorization it would pass by without an inbox row), and it posts nothing of this one.
 */
function captureAfter(caller: TestCaller, payment: PaymentEntity): PaymentCapturedEvent {
  return { ...captured(caller, paymentEntity({ amount: 100 })), stream_id: payment.id };
}

describe('settlements posts each captured payment to the ledger once (payments.payment)', () => {
  let settlements: ServiceUnderTest;
  let producer: EventProducer;
  let running: SettlementsUnderTest;

  beforeAll(async () => ({ settlements, producer } = running = await startWithBroker()));
  afterAll(() => stopAll(running));

  const {
    rows: inboxRows,
    consumedUpTo,
    deadLetters,
  } = consumerInbox(() => settlements, LEDGER_CAPTURES_CONSUMER);
  const traces = (id: string) => postingTraces(settlements, id);

  it('posts a capture once, however often it is delivered', async () => {
    const caller = newAccount();
    const payment = paymentEntity({ amount: 50000 });
    const capture = captured(caller, payment);
    await producer.publish(capture, capture);
    const marker = captureAfter(caller, payment);
    await producer.publish(marker);
    await consumedUpTo(marker);
    expect(await inboxRows(capture.id)).toBe(1);
    expect(await traces(payment.id)).toEqual({ events: 1, transactions: 1, entries: 4 });
    expect(
      await query(
        settlements,
        'SELECT kind, account_id, balance_delta FROM ledger_transactions WHERE id = $1',
        [payment.id],
      ),
    ).toEqual([
      // 50,000 less the 2% fee and 18% GST on it
      { kind: 'capture', account_id: caller.accountId, balance_delta: '48820' },
    ]);
  });

  it('posts a capture once when payments publishes it again as a new message (same payment, new event id)', async () => {
    const caller = newAccount();
    const payment = paymentEntity({ amount: 20000 });
    const first = captured(caller, payment);
    const again = { ...first, id: randomUUID() };
    await producer.publish(first, again);
    const marker = captureAfter(caller, payment);
    await producer.publish(marker);
    await consumedUpTo(marker);
    expect([await inboxRows(first.id), await inboxRows(again.id)]).toEqual([1, 1]);
    expect(await traces(payment.id)).toEqual({ events: 1, transactions: 1, entries: 4 });
  });

  it('dead-letters a capture whose fee exceeds its amount, posts nothing of it, and goes on with the next', async () => {
    const caller = newAccount();
    const payment = paymentEntity({ amount: 1000 });
    const broken = captured(caller, { ...payment, fee: 2000, tax: 0 });
    await producer.publish(broken);
    const marker = captureAfter(caller, payment);
    await producer.publish(marker);
    await consumedUpTo(marker);
    expect(await deadLetters(broken.id)).toEqual([
      { error: 'data.payment.fee and tax must be integers with tax ≤ fee ≤ amount' },
    ]);
    expect(await inboxRows(broken.id)).toBe(0);
    expect(await traces(payment.id)).toEqual({ events: 0, transactions: 0, entries: 0 });
  });
});

import 'reflect-metadata';
import { Topics } from '@platform/contracts';
import type { PublishedSettlementEvent } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import type { Producer } from 'kafkajs';
import { DataSource } from 'typeorm';
import { newAccount, startPayments } from '../../test/payments.kit';
import { SETTLEMENT_DIRECTORY_CONSUMER } from './on-settlement-processed.consumer';
import { SETTLED_AT, settlementEntity, settlementMessages } from './settlement-directory.fixtures';

const paymentIds = (count: number) => Array.from({ length: count }, () => newId('pay'));

describe('payments keeps a directory of the settlements that paid its payments out', () => {
  let broker: RunningBroker;
  let payments: ServiceUnderTest;
  let producer: Producer;

  const query = <Row>(text: string, values: unknown[]) =>
    payments.app.get(DataSource).query(text, values) as Promise<Row[]>;
  const settledPayments = (settlementId: string) =>
    query<{ payment_id: string }>(
      'SELECT payment_id FROM payment_settlements WHERE settlement_id = $1 ORDER BY payment_id',
      [settlementId],
    ).then((rows) => rows.map((row) => row.payment_id));
  const row = async (paymentId: string) =>
    (
      await query<Record<string, unknown>>(
        'SELECT * FROM payment_settlements WHERE payment_id = $1',
        [paymentId],
      )
    )[0];
  const handled = async (event: PublishedSettlementEvent) =>
    (
      await query('SELECT 1 FROM inbox WHERE consumer = $1 AND message_id = $2', [
        SETTLEMENT_DIRECTORY_CONSUMER,
        event.id,
      ])
    ).length === 1;

  beforeAll(async () => {
    broker = await startTestBroker();
    payments = await startPayments(broker);
    producer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
  });

  afterAll(async () => {
    await producer.disconnect();
    await payments.close();
    await broker.stop();
  });

  /** Keyed as settlements keys them (by settlement), or all under `key`: one partition keeps their order. */
  const send = (events: PublishedSettlementEvent[], key?: string) =>
    producer.send({
      topic: Topics.settlementsSettlement,
      messages: events.map((event) => ({
        key: key ?? event.stream_id,
        value: JSON.stringify(event),
      })),
    });

  it('records each captured payment of a processed settlement, with the settlement and when it was settled', async () => {
    const caller = newAccount();
    const [first, second] = paymentIds(2);
    const settlement = settlementEntity();
    await send(
      settlementMessages(caller, [first, 'rfnd_Refund00000001', second, 'adj_Adjustment0001'], {
        settlement,
      }),
    );
    await waitFor(
      async () => (await settledPayments(settlement.id)).length === 2,
      'the settled payments',
    );
    expect(await settledPayments(settlement.id)).toEqual([first, second].sort());
    expect(await row(first)).toEqual({
      payment_id: first,
      account_id: caller.accountId,
      mode: 'test',
      settlement_id: settlement.id,
      settlement,
      settled_at: String(SETTLED_AT),
    });
    expect(
      await query('SELECT 1 FROM payment_settlements WHERE payment_id LIKE $1', ['rfnd_%']),
    ).toEqual([]);
  });

  it('has one effect for a message delivered twice', async () => {
    const settlement = settlementEntity();
    const [message] = settlementMessages(newAccount(), paymentIds(3), { settlement });
    await send([message, message]);
    await send([message]);
    const [later] = settlementMessages(newAccount(), paymentIds(1));
    await send([later], message.stream_id);
    await waitFor(
      () => handled(later),
      'a later message on the same partition, so every copy before it was consumed',
    );
    const inbox = await query<{ n: number }>(
      'SELECT count(*)::int AS n FROM inbox WHERE consumer = $1 AND message_id = $2',
      [SETTLEMENT_DIRECTORY_CONSUMER, message.id],
    );
    expect(inbox[0].n).toBe(1);
    expect(await settledPayments(settlement.id)).toEqual([...message.data.entry_ids].sort());
  });

  it('records every payment of a settlement split in two parts', async () => {
    const settlement = settlementEntity();
    const ids = paymentIds(5003);
    const parts = settlementMessages(newAccount(), ids, { settlement });
    expect(
      parts.map((part) => [part.data.part, part.data.parts, part.data.entry_ids.length]),
    ).toEqual([
      [1, 2, 5000],
      [2, 2, 3],
    ]);
    await send(parts);
    await waitFor(
      async () => (await settledPayments(settlement.id)).length === ids.length,
      'both parts',
    );
    expect(await settledPayments(settlement.id)).toEqual([...ids].sort());
  });

  it('changes nothing for a failed settlement: its payments are recorded when a later settlement pays them out', async () => {
    const caller = newAccount();
    const ids = paymentIds(2);
    const [failed] = settlementMessages(caller, ids, { type: 'settlement.failed' });
    await send([failed]);
    await waitFor(() => handled(failed), 'the failed settlement');
    expect(await settledPayments(failed.data.settlement.id)).toEqual([]);
    expect(await row(ids[0])).toBeUndefined();
    const retried = settlementEntity();
    await send(settlementMessages(caller, ids, { settlement: retried }));
    await waitFor(
      async () => (await settledPayments(retried.id)).length === 2,
      'the settlement that paid them out',
    );
  });

  it('skips a message that is not a usable settlement event and goes on with the next', async () => {
    const [unusable] = settlementMessages(newAccount(), paymentIds(1));
    const key = unusable.stream_id;
    await producer.send({
      topic: Topics.settlementsSettlement,
      messages: [
        { key, value: 'not even json' },
        { key, value: '{"not":"an envelope"}' },
        {
          key,
          value: JSON.stringify({ ...unusable, data: { ...unusable.data, part: 3, parts: 2 } }),
        },
      ],
    });
    const [next] = settlementMessages(newAccount(), paymentIds(1));
    await send([next], key);
    await waitFor(
      async () => (await row(next.data.entry_ids[0])) !== undefined,
      'the settlement after the unusable messages',
    );
    expect(await row(unusable.data.entry_ids[0])).toBeUndefined();
  });
});

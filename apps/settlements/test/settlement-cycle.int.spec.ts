import 'reflect-metadata';
import { newId } from '@platform/domain-kit';
import { startBroker } from '@platform/embedded-kafka';
import type { RunningBroker } from '@platform/embedded-kafka';
import { CommandHandler } from '@platform/event-store';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { SettlementFlowsService } from '../src/flows/settlement-flows.service';
import { onSettlement } from '../src/settlement/settlement.stream';
import {
  DAY,
  advanceTestClock,
  as,
  captured,
  disputeEvent,
  newAccount,
  paymentEntity,
  query,
  refundCreated,
  refusal,
  startSettlements,
  startWithBroker,
  stopAll,
} from './settlements.kit';
import type { EventProducer, SettlementsUnderTest } from './settlements.kit';

type Row = Record<string, unknown>;

describe('settlement cycles on the account’s test clock', () => {
  let broker: RunningBroker;
  let settlements: ServiceUnderTest;
  let producer: EventProducer;
  let running: SettlementsUnderTest;

  beforeAll(async () => ({ broker, settlements, producer } = running = await startWithBroker()));
  afterAll(() => stopAll(running));

  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const settlementsOf = async (caller: TestCaller) =>
    (await as(settlements, caller).get('/v1/settlements?count=100')).body['items'] as Row[];
  const unsettledLines = async (caller: TestCaller) =>
    (
      await query<{ n: number }>(
        settlements,
        'SELECT count(*)::int AS n FROM ledger_transactions WHERE account_id = $1 AND line AND settlement_id IS NULL',
        [caller.accountId],
      )
    )[0].n;
  const linesPosted = (caller: TestCaller, n: number) =>
    waitFor(
      async () =>
        (
          await query<{ n: number }>(
            settlements,
            'SELECT count(*)::int AS n FROM ledger_transactions WHERE account_id = $1 AND line',
            [caller.accountId],
          )
        )[0].n >= n,
      `${n} lines posted`,
    );
  /** The cycles due by `days` on the account's clock have run (each asks for the next one while lines wait). */
  const cyclesRanUntil = (caller: TestCaller, days: number) =>
    waitFor(async () => {
      const due = await query<{ due: string }>(
        settlements,
        `SELECT due_at AS due FROM due_jobs WHERE kind = 'settlement.cycle' AND account_id = $1`,
        [caller.accountId],
      );
      return (
        due.length > 0 &&
        due.every((job) => Number(job.due) > (nowSeconds() + days * DAY) * 1000 - 1000)
      );
    }, `the cycles due within ${days} days`);
  const processedSettlements = (caller: TestCaller, count: number) =>
    waitFor(async () => {
      const items = await settlementsOf(caller);
      return items.filter((item) => item['status'] !== 'created').length >= count ? items : null;
    }, `${count} settlements decided`);
  const reconOf = async (caller: TestCaller, settledAt: number) => {
    const day = new Date(settledAt * 1000);
    const { status, body } = await as(settlements, caller).get(
      `/v1/settlements/recon/combined?year=${day.getUTCFullYear()}&month=${day.getUTCMonth() + 1}&day=${day.getUTCDate()}`,
    );
    expect(status).toBe(200);
    return body['items'] as Row[];
  };
  const ledgerOf = async (caller: TestCaller) =>
    (await as(settlements, caller).get('/internal/ledger')).body as {
      balanced: boolean;
      currencies: Row[];
    };

  it('settles captures T+2 days after capture, net of refunds and holds, and its recon rows add up to it', async () => {
    const caller = newAccount();
    const first = paymentEntity({ amount: 50000, order_id: 'order_Recon00000001' });
    const second = paymentEntity({
      amount: 120000,
      method: 'upi',
      card: null,
      card_id: null,
      vpa: 'a@upi',
    });
    const dispute = { id: newId('disp'), payment_id: second.id, amount: 20000 };
    await producer.publish(
      captured(caller, first, {
        id: 'order_Recon00000001',
        entity: 'order',
        amount: 50000,
        amount_paid: 50000,
        amount_due: 0,
        currency: 'INR',
        receipt: 'rcpt-42',
        offer_id: null,
        status: 'paid',
        attempts: 1,
        notes: {},
        partial_payment: false,
        first_payment_min_amount: null,
        product_type: null,
        product_id: null,
        created_at: nowSeconds(),
      }),
      captured(caller, second),
      refundCreated(caller, first, 10000),
      disputeEvent(caller, 'dispute.created', dispute),
    );
    await linesPosted(caller, 4);
    await advanceTestClock(broker, caller.accountId, DAY + 60);
    await cyclesRanUntil(caller, 1);
    expect(await settlementsOf(caller)).toEqual([]); // the refund and the hold are due at once, the captures are not: a deficit, carried
    await advanceTestClock(broker, caller.accountId, 3 * DAY);
    const [settlement] = await processedSettlements(caller, 1);
    expect(settlement).toEqual({
      id: expect.stringMatching(/^setl_[0-9A-Za-z]{14}$/),
      entity: 'settlement',
      amount: 48820 + (120000 - 2832) - 10000 - 20000,
      status: 'processed',
      fees: 0,
      tax: 0,
      utr: expect.stringMatching(/^[0-9a-z]{16}$/),
      created_at: expect.any(Number),
    });
    const rows = (await reconOf(caller, settlement['created_at'] as number)).filter(
      (row) => row['settlement_id'] === settlement['id'],
    );
    expect(rows.map((row) => row['type']).sort()).toEqual([
      'adjustment',
      'payment',
      'payment',
      'refund',
    ]);
    expect(
      rows.reduce((sum, row) => sum + (row['credit'] as number) - (row['debit'] as number), 0),
    ).toBe(settlement['amount']);
    expect(rows.find((row) => row['entity_id'] === first.id)).toMatchObject({
      type: 'payment',
      credit: 48820,
      debit: 0,
      amount: 50000,
      fee: 1180,
      tax: 180,
      settled: true,
      settlement_utr: settlement['utr'],
      order_id: 'order_Recon00000001',
      order_receipt: 'rcpt-42',
      method: 'card',
      card_network: 'Visa',
      card_issuer: 'HDFC',
      card_type: 'credit',
      payment_id: null,
      credit_type: 'default',
    });
    expect(rows.find((row) => row['type'] === 'refund')).toMatchObject({
      debit: 10000,
      credit: 0,
      payment_id: first.id,
      method: 'card',
    });
    expect(rows.find((row) => row['type'] === 'adjustment')).toMatchObject({
      debit: 20000,
      dispute_id: dispute.id,
      payment_id: second.id,
      on_hold: true,
    });
    const ledger = await ledgerOf(caller);
    expect(ledger.balanced).toBe(true);
    expect(ledger.currencies[0]).toMatchObject({
      settled: settlement['amount'],
      on_hold: 20000,
      balance: 0,
      unsettled: 0,
    });
  });

  it('carries a deficit from refunds after a settlement until payments outweigh it', async () => {
    const caller = newAccount();
    const payment = paymentEntity({ amount: 100000 });
    await producer.publish(captured(caller, payment));
    await linesPosted(caller, 1);
    await advanceTestClock(broker, caller.accountId, 3 * DAY);
    await processedSettlements(caller, 1);
    await producer.publish(refundCreated(caller, payment, 50000, nowSeconds() + 3 * DAY + 60));
    await linesPosted(caller, 2);
    await advanceTestClock(broker, caller.accountId, 4 * DAY + 60);
    await cyclesRanUntil(caller, 4);
    expect(await settlementsOf(caller)).toHaveLength(1);
    expect((await ledgerOf(caller)).currencies[0]).toMatchObject({
      balance: -50000,
      unsettled: -50000,
    });
    await producer.publish(
      captured(caller, paymentEntity({ amount: 100000 }), null, nowSeconds() + 4 * DAY + 120),
    );
    await linesPosted(caller, 3);
    await advanceTestClock(broker, caller.accountId, 7 * DAY);
    const [latest] = await processedSettlements(caller, 2);
    expect(latest['amount']).toBe(97640 - 50000);
    expect((await ledgerOf(caller)).currencies[0]).toMatchObject({
      settled: 97640 + 47640,
      balance: 0,
      refunds: 50000,
    });
  });

  it('fails a settlement the bank refuses, returns its amount to the balance and settles its entries on the next cycle', async () => {
    const caller = newAccount();
    expect(
      (
        await as(settlements, caller).patch('/internal/settlement-settings', {
          bank_transfers_fail: true,
        })
      ).body,
    ).toMatchObject({ bank_transfers_fail: true, settlement_delay_days: 2 });
    const payment = paymentEntity({ amount: 70000 });
    await producer.publish(captured(caller, payment));
    await linesPosted(caller, 1);
    await advanceTestClock(broker, caller.accountId, 3 * DAY);
    const [failed] = await processedSettlements(caller, 1);
    expect(failed).toMatchObject({ status: 'failed', amount: 68348, utr: null });
    expect(await unsettledLines(caller)).toBe(1);
    expect((await ledgerOf(caller)).currencies[0]).toMatchObject({
      settled: 0,
      balance: 68348,
      unsettled: 68348,
    });
    await as(settlements, caller).patch('/internal/settlement-settings', {
      bank_transfers_fail: false,
    });
    await advanceTestClock(broker, caller.accountId, 4 * DAY + 60);
    const [retried] = await processedSettlements(caller, 2);
    expect(retried).toMatchObject({ status: 'processed', amount: 68348 });
    const rows = await reconOf(caller, retried['created_at'] as number);
    expect(
      rows.filter((row) => row['settlement_id'] === retried['id']).map((row) => row['entity_id']),
    ).toEqual([payment.id]);
    expect(rows.some((row) => row['settlement_id'] === failed['id'])).toBe(false);
    expect((await ledgerOf(caller)).currencies[0]).toMatchObject({ settled: 68348, balance: 0 });
  });

  it('settles on the day after capture with a delay of 0 days', async () => {
    const caller = newAccount();
    expect(
      (
        await as(settlements, caller).patch('/internal/settlement-settings', {
          settlement_delay_days: 0,
        })
      ).body,
    ).toMatchObject({ settlement_delay_days: 0 });
    expect(
      (
        await as(settlements, caller).patch('/internal/settlement-settings', {
          settlement_delay_days: 31,
        })
      ).body,
    ).toEqual(refusal(/0 to 30/, 'settlement_delay_days'));
    expect(
      (
        await as(settlements, { ...caller, mode: 'live' }).patch('/internal/settlement-settings', {
          bank_transfers_fail: true,
        })
      ).body,
    ).toEqual(refusal(/test mode only/, 'bank_transfers_fail'));
    await producer.publish(captured(caller, paymentEntity({ amount: 10000 })));
    await linesPosted(caller, 1);
    await advanceTestClock(broker, caller.accountId, DAY);
    expect((await processedSettlements(caller, 1))[0]).toMatchObject({
      amount: 9764,
      status: 'processed',
    });
  });

  it('lets two replicas running the cycle 20 times at once make one settlement, each line settled once', async () => {
    const caller = newAccount();
    for (let i = 0; i < 5; i++)
      await producer.publish(
        captured(caller, paymentEntity({ amount: 10000 + i * 100 }), null, nowSeconds() - 3 * DAY),
      );
    await linesPosted(caller, 5);
    // The replica shares the database, which is what the guarantee rests on; a broker of its own keeps
    // its consumer out of the first one's group (a member leaving mid-join stalls a group's rebalance).
    const replicaBroker = await startBroker({ port: 0 });
    const replica = await startSettlements(replicaBroker, settlements.databaseUrl);
    try {
      const metadata = { accountId: caller.accountId, mode: caller.mode, now: Date.now() };
      const runs = Array.from({ length: 20 }, (_, i) => {
        const app = i % 2 === 0 ? settlements.app : replica.app;
        return app.get(SettlementFlowsService).settleBalance(metadata);
      });
      const created = (await Promise.all(runs)).flat();
      // The service's own scheduler runs the balance's cycle too (its day has come): with the 20
      // runs, still exactly one settlement, which may be the scheduler's.
      expect(created.length).toBeLessThanOrEqual(1);
      const settled = await query<{ id: string }>(
        settlements,
        'SELECT id FROM settlements WHERE account_id = $1',
        [caller.accountId],
      );
      expect(settled).toHaveLength(1);
      if (created.length === 1) expect(settled[0].id).toBe(created[0]);
      const lines = await query<{ settlement_id: string; n: number }>(
        settlements,
        'SELECT settlement_id, count(*)::int AS n FROM ledger_transactions WHERE account_id = $1 AND line GROUP BY settlement_id',
        [caller.accountId],
      );
      expect(lines).toEqual([{ settlement_id: settled[0].id, n: 5 }]);
    } finally {
      await replica.close();
      await replicaBroker.stop();
    }
  });

  it('refuses, by a database constraint, a second settlement of a line another one holds, and writes nothing of it', async () => {
    const caller = newAccount();
    const payment = paymentEntity({ amount: 10000 });
    await producer.publish(captured(caller, payment));
    await linesPosted(caller, 1);
    const handler = settlements.app.get(CommandHandler);
    const metadata = { accountId: caller.accountId, mode: caller.mode, now: Date.now() };
    const settle = (settlementId: string) =>
      handler.handle(
        onSettlement(
          settlementId,
          {
            type: 'CreateSettlement',
            data: { settlementId, currency: 'INR', lines: [{ id: payment.id, amount: 9764 }] },
            metadata,
          },
          true,
        ),
      );
    const [first, second] = [newId('setl'), newId('setl')];
    await settle(first);
    await expect(settle(second)).rejects.toMatchObject({
      code: '23514',
      constraint: 'ledger_line_held_once',
    });
    expect(
      await query(settlements, 'SELECT id FROM settlements WHERE account_id = $1', [
        caller.accountId,
      ]),
    ).toEqual([{ id: first }]);
    expect(
      await query(settlements, 'SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [
        second,
      ]),
    ).toEqual([{ n: 0 }]);
  });

  it('answers another account’s or mode’s settlement like an unknown id, and refuses a bad recon period naming the field', async () => {
    const caller = newAccount();
    await producer.publish(
      captured(caller, paymentEntity({ amount: 10000 }), null, nowSeconds() - 3 * DAY),
    );
    await linesPosted(caller, 1);
    // The capture is settleable at once: the service's own daily cycle may settle it first.
    const [settledHere] = await settlements.app
      .get(SettlementFlowsService)
      .settleBalance({ accountId: caller.accountId, mode: caller.mode, now: Date.now() });
    const created =
      settledHere ??
      (await waitFor(
        async () =>
          (
            await query<{ id: string }>(
              settlements,
              'SELECT id FROM settlements WHERE account_id = $1',
              [caller.accountId],
            )
          )[0]?.id,
        'the settlement the daily cycle made',
      ));
    expect((await as(settlements, caller).get(`/v1/settlements/${created}`)).body).toMatchObject({
      id: created,
      entity: 'settlement',
    });
    for (const other of [newAccount(), { ...caller, mode: 'live' as const }])
      expect(await as(settlements, other).get(`/v1/settlements/${created}`)).toEqual({
        status: 400,
        body: refusal('The id provided does not exist'),
      });
    const recon = (path: string) =>
      as(settlements, caller).get(`/v1/settlements/recon/combined${path}`);
    for (const [path, description, field] of [
      ['?year=22&month=6', 'The year must be 4 digits.', 'year'],
      ['?year=2026&month=13', 'The month is not a valid month.', 'month'],
      ['?year=2026', 'The month field is required.', 'month'],
      ['?year=2026&month=2&day=30', 'The day is not a valid day of the month.', 'day'],
      ['?year=2026&month=2&day=x', /day/, 'day'],
      ['?year=2026&month=2&count=1001', /count/, 'count'],
    ] as const)
      expect(await recon(path)).toEqual({ status: 400, body: refusal(description, field) });
    expect(await recon('?year=2026&month=06&day=11&count=2&anything=else')).toEqual({
      status: 200,
      body: { entity: 'collection', count: 0, items: [] },
    });
  });
});

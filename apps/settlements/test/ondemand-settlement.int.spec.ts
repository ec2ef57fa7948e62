import 'reflect-metadata';
import type { RunningBroker } from '@platform/embedded-kafka';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import {
  DAY,
  advanceTestClock,
  as,
  captured,
  newAccount,
  paymentEntity,
  query,
  refundCreated,
  refusal,
  startWithBroker,
  stopAll,
} from './settlements.kit';
import type { EventProducer, SettlementsUnderTest } from './settlements.kit';

type Row = Record<string, unknown>;

describe('on-demand settlements', () => {
  let broker: RunningBroker;
  let settlements: ServiceUnderTest;
  let producer: EventProducer;
  let running: SettlementsUnderTest;

  beforeAll(async () => ({ broker, settlements, producer } = running = await startWithBroker()));
  afterAll(() => stopAll(running));

  /** An account whose balance holds `net` paise right after a capture (not settleable by a cycle for 2 days). */
  const accountWith = async (amount: number): Promise<TestCaller> => {
    const caller = newAccount();
    await producer.publish(captured(caller, paymentEntity({ amount })));
    await waitFor(
      async () =>
        (
          await query(settlements, 'SELECT 1 FROM ledger_transactions WHERE account_id = $1', [
            caller.accountId,
          ])
        ).length > 0,
      'the capture posted',
    );
    return caller;
  };
  const ledgerOf = async (caller: TestCaller) =>
    (await as(settlements, caller).get('/internal/ledger')).body as {
      balanced: boolean;
      currencies: Row[];
    };
  const decided = (caller: TestCaller, id: string) =>
    waitFor(async () => {
      const { body } = await as(settlements, caller).get(
        `/v1/settlements/ondemand/${id}?expand[]=ondemand_payouts`,
      );
      return body['status'] !== 'initiated' ? body : null;
    }, 'the payouts to be decided');

  it('takes what is available at once, before the payments are settleable, and pays it less its fees', async () => {
    const caller = await accountWith(204_777); // fee 4,833 → 199,944 available
    const { status, body } = await as(settlements, caller).post('/v1/settlements/ondemand', {
      amount: 199_944,
      description: 'Payday',
      notes: { batch: '7' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: expect.stringMatching(/^setlod_[0-9A-Za-z]{14}$/),
      entity: 'settlement.ondemand',
      amount_requested: 199_944,
      fees: 590,
      tax: 90,
      amount_pending: 199_354,
      amount_settled: 0,
      amount_reversed: 0,
      currency: 'INR',
      settle_full_balance: false,
      status: 'initiated',
      description: 'Payday',
      notes: { batch: '7' },
      scheduled: false,
    });
    expect(body['ondemand_payouts']).toMatchObject({
      entity: 'collection',
      count: 1,
      items: [
        {
          entity: 'settlement.ondemand_payout',
          amount: 199_944,
          fees: 590,
          tax: 90,
          status: 'initiated',
          utr: null,
        },
      ],
    });
    const done = await decided(caller, body['id'] as string);
    expect(done).toMatchObject({
      status: 'processed',
      amount_settled: 199_354,
      amount_pending: 0,
      ondemand_payouts: {
        items: [
          {
            status: 'processed',
            amount_settled: 199_354,
            utr: expect.stringMatching(/^[0-9a-z]{16}$/),
          },
        ],
      },
    });
    const ledger = await ledgerOf(caller);
    expect(ledger.balanced).toBe(true);
    expect(ledger.currencies[0]).toMatchObject({
      balance: 0,
      settled: 199_354,
      fees: 4_096 + 500,
      tax: 737 + 90,
    });
    expect(await as(settlements, caller).post('/v1/settlements/ondemand', { amount: 100 })).toEqual(
      { status: 400, body: refusal(/0 \(₹0\.00\) is available/, 'amount') },
    );
  });

  it('refuses more than is available, saying how much is, and takes the full balance when asked', async () => {
    const caller = await accountWith(100_000); // 97,640 available
    await producer.publish(refundCreated(caller, paymentEntity({ amount: 100_000 }), 7_640));
    await waitFor(
      async () => (await ledgerOf(caller)).currencies[0]?.['refunds'] === 7_640,
      'the refund posted',
    );
    expect(
      await as(settlements, caller).post('/v1/settlements/ondemand', { amount: 90_001 }),
    ).toEqual({
      status: 400,
      body: refusal(
        'The amount requested is more than the balance available for settlement: 90000 (₹900.00) is available.',
        'amount',
      ),
    });
    const { body } = await as(settlements, caller).post('/v1/settlements/ondemand', {
      settle_full_balance: true,
      amount: 1,
    });
    expect(body).toMatchObject({
      amount_requested: 90_000,
      settle_full_balance: true,
      fees: 266,
      tax: 41,
    });
    expect(
      await as(settlements, caller).post('/v1/settlements/ondemand', { settle_full_balance: 1 }),
    ).toEqual({ status: 400, body: refusal(/no balance to settle/, 'settle_full_balance') });
  });

  it('lets 20 concurrent requests take no more than the balance held', async () => {
    const caller = await accountWith(512_043); // fee 12,084 (10,241 + 1,843 GST) → 499,959 available: room for 4 of 1,20,000
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        as(settlements, caller).post('/v1/settlements/ondemand', { amount: 120_000 }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    for (const refused of answers.filter((answer) => answer.status !== 200))
      expect(refused).toEqual({
        status: 400,
        body: refusal(/is more than the balance available/, 'amount'),
      });
    const ledger = await ledgerOf(caller);
    expect(ledger.currencies[0]).toMatchObject({ balance: 499_959 - 480_000 });
    expect(ledger.balanced).toBe(true);
  });

  it('reverses an on-demand settlement the bank refuses: the amount, fees included, is back in the balance', async () => {
    const caller = await accountWith(100_000);
    await as(settlements, caller).patch('/internal/settlement-settings', {
      bank_transfers_fail: true,
    });
    const { body } = await as(settlements, caller).post('/v1/settlements/ondemand', {
      amount: 50_000,
    });
    expect(await decided(caller, body['id'] as string)).toMatchObject({
      status: 'reversed',
      amount_reversed: 50_000 - 148,
      amount_settled: 0,
      amount_pending: 0,
    });
    expect((await ledgerOf(caller)).currencies[0]).toMatchObject({
      balance: 97_640,
      settled: 0,
      fees: 2_000,
      tax: 360,
    });
    await as(settlements, caller).patch('/internal/settlement-settings', {
      bank_transfers_fail: false,
    });
  });

  it('is netted by the next settlement: the payments it was paid from are settled with it as a debit row', async () => {
    const caller = await accountWith(100_000);
    const { body } = await as(settlements, caller).post('/v1/settlements/ondemand', {
      amount: 60_000,
    });
    await decided(caller, body['id'] as string);
    await advanceTestClock(broker, caller.accountId, 3 * DAY);
    const settlement = await waitFor(
      async () =>
        ((await as(settlements, caller).get('/v1/settlements')).body['items'] as Row[]).find(
          (item) => item['status'] === 'processed',
        ),
      'the next settlement',
    );
    expect(settlement['amount']).toBe(97_640 - 60_000);
    const day = new Date((settlement['created_at'] as number) * 1000);
    const recon = (
      await as(settlements, caller).get(
        `/v1/settlements/recon/combined?year=${day.getUTCFullYear()}&month=${day.getUTCMonth() + 1}`,
      )
    ).body['items'] as Row[];
    expect(
      recon
        .filter((row) => row['settlement_id'] === settlement['id'])
        .map((row) => [row['entity_id'], row['credit'], row['debit']]),
    ).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/^pay_/), 97_640, 0],
        [body['id'], 0, 60_000],
      ]),
    );
    const list = (
      await as(settlements, caller).get(
        '/v1/settlements/ondemand?expand[]=ondemand_payouts&expand[expand]=ondemand_payouts',
      )
    ).body;
    expect(list).toMatchObject({
      entity: 'collection',
      count: 1,
      items: [{ id: body['id'], ondemand_payouts: { count: 1 } }],
    });
    expect(
      await as(settlements, newAccount()).get(`/v1/settlements/ondemand/${body['id']}`),
    ).toEqual({ status: 400, body: refusal('The id provided does not exist') });
  });

  it('refuses bad input naming the field', async () => {
    const caller = newAccount();
    const post = (body: unknown) => as(settlements, caller).post('/v1/settlements/ondemand', body);
    expect(await post({})).toEqual({
      status: 400,
      body: refusal('The amount field is required.', 'amount'),
    });
    expect(await post({ amount: 99 })).toEqual({
      status: 400,
      body: refusal(/at least 100/, 'amount'),
    });
    expect(await post({ amount: 10.5 })).toEqual({
      status: 400,
      body: refusal(/integer/, 'amount'),
    });
    expect(await post({ amount: 1000, description: 'x'.repeat(31) })).toEqual({
      status: 400,
      body: refusal(/30 characters/, 'description'),
    });
    expect(await post({ amount: 1000, description: 'no-dashes!' })).toEqual({
      status: 400,
      body: refusal(/letters, digits and spaces/, 'description'),
    });
    expect(await post({ amount: 1000, settle_full_balance: 'maybe' })).toEqual({
      status: 400,
      body: refusal(/true or false/, 'settle_full_balance'),
    });
    expect(await post({ amount: 1000, extra: 1 })).toEqual({
      status: 400,
      body: refusal(/extra/, 'extra'),
    });
  });
});

import 'reflect-metadata';
import { newId } from '@platform/domain-kit';
import type { RunningBroker } from '@platform/embedded-kafka';
import { Database, rebuildProjections } from '@platform/event-store';
import { KafkaEventConsumer } from '@platform/messaging';
import { DueJobScheduler } from '@platform/service-kit';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { SETTLEMENTS_READ_MODELS } from '../src/app.module';
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
  startWithBroker,
  stopAll,
} from './settlements.kit';
import type { EventProducer, SettlementsUnderTest } from './settlements.kit';

/** Every read model, in an order that does not depend on how rows were written. */
const SNAPSHOT = {
  transactions:
    'SELECT id, kind, account_id, mode, currency, posted_at, balance_delta, line, settlement_id, held_by_settlements, recon FROM ledger_transactions ORDER BY id',
  entries:
    'SELECT ledger_transaction_id, account_id, mode, currency, ledger_account, debit, credit FROM ledger_entries ORDER BY ledger_transaction_id, ledger_account, debit, credit',
  settlements: 'SELECT * FROM settlements ORDER BY id',
  ondemand: 'SELECT * FROM ondemand_settlements ORDER BY id',
  settings: 'SELECT * FROM settlement_settings ORDER BY id',
};

describe('rebuild-projections for settlements', () => {
  let broker: RunningBroker;
  let settlements: ServiceUnderTest;
  let producer: EventProducer;
  let running: SettlementsUnderTest;

  beforeAll(async () => ({ broker, settlements, producer } = running = await startWithBroker()));
  afterAll(() => stopAll(running));

  const snapshot = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(SNAPSHOT).map(async ([name, text]) => [
          name,
          await query(settlements, text),
        ]),
      ),
    );
  const settled = (caller: TestCaller, count: number) =>
    waitFor(
      async () =>
        (
          (await as(settlements, caller).get('/v1/settlements')).body['items'] as {
            status: string;
          }[]
        ).filter((s) => s.status !== 'created').length >= count,
      `${count} settlements`,
    );

  it('rebuilds the ledger, the settlements and the settings from the event store into exactly the live rows', async () => {
    const caller = newAccount();
    const [paid, disputed] = [
      paymentEntity({ amount: 300_000 }),
      paymentEntity({ amount: 80_000 }),
    ];
    const dispute = { id: newId('disp'), payment_id: disputed.id, amount: 30_000 };
    // The settings first: the balance stream then starts before the lines its payouts hold, which a
    // replay must not reorder.
    await as(settlements, caller).patch('/internal/settlement-settings', {
      bank_transfers_fail: true,
    });
    await producer.publish(
      captured(caller, paid),
      captured(caller, disputed),
      refundCreated(caller, paid, 25_000),
      disputeEvent(caller, 'dispute.created', dispute),
    );
    await waitFor(
      async () =>
        (
          await query(settlements, 'SELECT 1 FROM ledger_transactions WHERE account_id = $1', [
            caller.accountId,
          ])
        ).length === 4,
      'the postings',
    );
    await as(settlements, caller).post('/v1/settlements/ondemand', { amount: 40_000 });
    await advanceTestClock(broker, caller.accountId, 3 * DAY);
    await settled(caller, 1);
    await as(settlements, caller, 3 * DAY).patch('/internal/settlement-settings', {
      bank_transfers_fail: false,
      settlement_delay_days: 1,
    });
    await producer.publish(
      disputeEvent(
        caller,
        'dispute.lost',
        { ...dispute, amount_deducted: 30_000, status: 'lost' },
        Math.floor(Date.now() / 1000) + 3 * DAY,
      ),
    );
    await as(settlements, caller, 3 * DAY).post('/v1/settlements/ondemand', { amount: 10_000 });
    await advanceTestClock(broker, caller.accountId, 4 * DAY + 60);
    await settled(caller, 2);
    await waitFor(
      async () =>
        (
          (await as(settlements, caller).get('/v1/settlements/ondemand')).body['items'] as {
            status: string;
          }[]
        ).every((item) => item.status !== 'initiated'),
      'the on-demand payouts',
    );
    // As documented: rebuild with the service drained (no consumer, no scheduler writing meanwhile).
    await settlements.app.get(KafkaEventConsumer).stop();
    await settlements.app.get(DueJobScheduler).beforeApplicationShutdown();
    const live = await snapshot();
    expect(live['transactions'].length).toBeGreaterThanOrEqual(10);
    expect(live['settlements'].map((row: Record<string, unknown>) => row['status']).sort()).toEqual(
      ['failed', 'processed'],
    );
    const replayOrder = async () => {
      const events = await query(
        settlements,
        `SELECT transaction_id::text AS xid, global_position AS pos, stream_id, version, type, CASE WHEN type = 'SettlementCreated' THEN data->'entryIds' END AS ids FROM events ORDER BY transaction_id, global_position`,
      );
      return events.map((event) => JSON.stringify(event)).join('\n');
    };
    const replayed = await rebuildProjections(
      settlements.app.get(Database),
      SETTLEMENTS_READ_MODELS.streamTypes,
      SETTLEMENTS_READ_MODELS.projections,
    ).catch(async (error: unknown) => {
      const detail = (error as { detail?: string }).detail ?? '';
      process.stderr.write(
        `rebuild failed (${detail}); events in replay order:\n${await replayOrder()}\n`,
      );
      throw error;
    });
    expect(replayed).toBeGreaterThanOrEqual(12);
    const rebuilt = await snapshot();
    // On a difference, the order the events were replayed in explains it.
    if (JSON.stringify(rebuilt) !== JSON.stringify(live))
      process.stderr.write(
        `rebuilt rows differ; events in replay order:\n${await replayOrder()}\n`,
      );
    expect(rebuilt).toEqual(live);
  });
});

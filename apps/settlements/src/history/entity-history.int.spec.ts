import 'reflect-metadata';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import {
  DAY,
  as,
  captured,
  newAccount,
  paymentEntity,
  query,
  refusal,
  startWithBroker,
  stopAll,
} from '../../test/settlements.kit';
import type { EventProducer, SettlementsUnderTest } from '../../test/settlements.kit';
import { SettlementFlowsService } from '../flows/settlement-flows.service';

const HOUR = 3600;
const UNKNOWN = { status: 400, body: refusal('The id provided does not exist') };

describe('Entity history (settlements)', () => {
  let settlements: ServiceUnderTest;
  let producer: EventProducer;
  let running: SettlementsUnderTest;

  beforeAll(async () => ({ settlements, producer } = running = await startWithBroker()));
  afterAll(() => stopAll(running));

  /**
   * A settlement made an hour ago (on the account's clock) of a capture 3 days old, processed since,
   * and its account. The service's own daily cycle may settle the capture first (at the current
   * time): then a fresh account tries again, so the settlement is always one made an hour ago.
   */
  async function settlementOfAnHourAgo(attempts = 5): Promise<{ caller: TestCaller; id: string }> {
    const caller = newAccount();
    const now = Math.floor(Date.now() / 1000);
    await producer.publish(captured(caller, paymentEntity({ amount: 10000 }), null, now - 3 * DAY));
    await waitFor(
      async () =>
        (
          await query(settlements, 'SELECT 1 FROM ledger_transactions WHERE account_id = $1', [
            caller.accountId,
          ])
        ).length > 0,
      'the capture posted',
    );
    const [id] = await settlements.app
      .get(SettlementFlowsService)
      .settleBalance({ accountId: caller.accountId, mode: caller.mode, now: (now - HOUR) * 1000 });
    if (!id) {
      if (attempts > 1) return settlementOfAnHourAgo(attempts - 1);
      throw new Error('the daily cycle settled every capture first');
    }
    await waitFor(async () => {
      const { body } = await as(settlements, caller).get(`/v1/settlements/${id}`);
      return body['status'] !== 'created';
    }, 'the settlement processed');
    return { caller, id };
  }

  it('lists a settlement’s events oldest first, without the ledger’s internal entry ids', async () => {
    const { caller, id } = await settlementOfAnHourAgo();
    const { status, body } = await as(settlements, caller).get(`/v1/events?entity_id=${id}`);
    expect(status).toBe(200);
    const items = body['items'] as { type: string; version: number; data: object }[];
    expect(items.map((event) => [event.type, event.version])).toEqual([
      ['SettlementCreated', 1],
      ['SettlementProcessed', 2],
    ]);
    expect(items[0].data).toMatchObject({ settlementId: id, currency: 'INR' });
    expect(items[0].data).not.toHaveProperty('entryIds');
    const [stored] = await query<{ data: object }>(
      settlements,
      'SELECT data FROM events WHERE stream_id = $1 AND version = 1',
      [id],
    );
    expect(stored.data).toHaveProperty('entryIds');
    for (const other of [newAccount(), { ...caller, mode: 'live' as const }])
      expect(await as(settlements, other).get(`/v1/events?entity_id=${id}`)).toEqual(UNKNOWN);
  });

  it('shows a settlement as it was: created before it was processed, missing before it was made', async () => {
    const { caller, id } = await settlementOfAnHourAgo();
    const api = as(settlements, caller);
    const { body: live } = await api.get(`/v1/settlements/${id}`);
    const created = live['created_at'] as number;
    expect(live['status']).toBe('processed');
    expect(await api.get(`/v1/settlements/${id}?as_of=${created - 1}`)).toEqual(UNKNOWN);
    expect((await api.get(`/v1/settlements/${id}?as_of=${created + 60}`)).body).toMatchObject({
      id,
      entity: 'settlement',
      amount: live['amount'],
      status: 'created',
      utr: null,
    });
    expect((await api.get(`/v1/settlements/${id}?as_of=${created + 2 * HOUR}`)).body).toEqual(live);
  });
});

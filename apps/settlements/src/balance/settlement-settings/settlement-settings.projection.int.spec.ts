import type { EventMetadata, SqlRunner } from '@platform/event-store';
import { ProjectionSpecification, otherTenants, storedStream } from '@platform/service-testing';
import { SETTLEMENTS_ENTITIES, SETTLEMENTS_MIGRATIONS } from '../../app.module';
import { BALANCE_STREAM, DEFAULT_SETTLEMENT_SETTINGS, balanceIdOf } from '../balance.decider';
import type { BalanceEvent, SettlementSettings } from '../balance.events';
import { settlementSettingsProjection } from './settlement-settings.projection';
import { getSettlementSettings } from './settlement-settings.query';

const NOW = 1_700_000_000_000;

/** An account of its own for each `it`: the balance stream (and the row) is the account's, in one mode. */
const metadataOf = (accountId: string): EventMetadata => ({ accountId, mode: 'test', now: NOW });
const changed = (settings: SettlementSettings): BalanceEvent => ({
  type: 'SettlementSettingsChanged',
  data: settings,
});
const payoutMade: BalanceEvent = {
  type: 'PayoutMade',
  data: {
    payoutId: 'setl_Payout00000001',
    kind: 'settlement',
    currency: 'INR',
    amount: 10_000,
    madeAt: NOW,
  },
};

const spec = ProjectionSpecification.for(settlementSettingsProjection, {
  entities: SETTLEMENTS_ENTITIES,
  migrations: SETTLEMENTS_MIGRATIONS,
});
const balance = (accountId: string, ...events: BalanceEvent[]) => {
  const metadata = metadataOf(accountId);
  return storedStream(
    { streamId: balanceIdOf(metadata), streamType: BALANCE_STREAM, metadata },
    ...events,
  );
};
const settingsOf = (accountId: string) => (db: SqlRunner) =>
  getSettlementSettings(db, metadataOf(accountId));

describe('settlement settings projection', () => {
  beforeAll(spec.start);
  afterAll(spec.stop);

  it('has the default settings for an account that never changed them', () =>
    spec.given().then(settingsOf('acc_NeverChanged001'), DEFAULT_SETTLEMENT_SETTINGS));

  it('shows the settings an account changed to', () =>
    spec
      .given(...balance('acc_Changed0000001', changed({ delayDays: 7, bankTransfersFail: true })))
      .then(settingsOf('acc_Changed0000001'), { delayDays: 7, bankTransfersFail: true }));

  it('shows the last change, whatever payouts came between', () =>
    spec
      .given(
        ...balance(
          'acc_ChangedTwice01',
          changed({ delayDays: 7, bankTransfersFail: true }),
          payoutMade,
          changed({ delayDays: 0, bankTransfersFail: false }),
        ),
      )
      .then(settingsOf('acc_ChangedTwice01'), { delayDays: 0, bankTransfersFail: false }));

  it('leaves the same settings when the events are replayed', () =>
    spec
      .given(
        ...balance(
          'acc_Replayed000001',
          changed({ delayDays: 5, bankTransfersFail: false }),
          payoutMade,
          changed({ delayDays: 3, bankTransfersFail: true }),
        ),
      )
      .thenAfter('redelivery', settingsOf('acc_Replayed000001'), {
        delayDays: 3,
        bankTransfersFail: true,
      }));

  it('changes no other account’s or mode’s settings', async () => {
    const metadata = metadataOf('acc_OtherTenant001');
    await spec
      .given(...balance('acc_OtherTenant001', changed({ delayDays: 9, bankTransfersFail: true })))
      .then(settingsOf('acc_OtherTenant001'), { delayDays: 9, bankTransfersFail: true });
    for (const other of otherTenants(metadata))
      await spec
        .given()
        .then((db) => getSettlementSettings(db, other), DEFAULT_SETTLEMENT_SETTINGS);
  });
});

import type { EventMetadata } from '@platform/event-store';
import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { SETTLEMENTS_ENTITIES, SETTLEMENTS_MIGRATIONS } from '../../app.module';
import { SETTLEMENT_STREAM } from '../settlement.decider';
import type { SettlementEvent } from '../settlement.events';
import type { SettlementDetailsRow } from './settlement-details.entity';
import { settlementDetailsProjection } from './settlement-details.projection';
import { getSettlementDetails } from './settlement-details.query';

const NOW = 1_700_000_000_000;
const LATER = NOW + 3_600_000;
const METADATA: EventMetadata = { accountId: 'acc_Test0000000001', mode: 'test', now: NOW };
const ENTRY_IDS = ['pay_AbCdEfGhIjKlMn', 'pay_BcDeFgHiJkLmNo', 'rfnd_AbCdEfGhIjKlMn'];

const created = (settlementId: string): SettlementEvent => ({
  type: 'SettlementCreated',
  data: { settlementId, currency: 'INR', amount: 97_640, entryIds: ENTRY_IDS, createdAt: NOW },
});
const processed: SettlementEvent = {
  type: 'SettlementProcessed',
  data: { utr: 'UTR0000000000001', processedAt: LATER },
};
const failed: SettlementEvent = {
  type: 'SettlementFailed',
  data: { currency: 'INR', amount: 97_640, reason: 'bank_account_closed', failedAt: LATER },
};

const spec = ProjectionSpecification.forStreams(settlementDetailsProjection, {
  entities: SETTLEMENTS_ENTITIES,
  migrations: SETTLEMENTS_MIGRATIONS,
  streamType: SETTLEMENT_STREAM,
  metadata: METADATA,
  read: getSettlementDetails,
});
const { stream: settlement, detailsOf } = spec;

function createdRow(
  id: string,
  overrides: Partial<SettlementDetailsRow> = {},
): SettlementDetailsRow {
  return {
    ...rowOrigin(id, METADATA, NOW),
    currency: 'INR',
    amount: 97_640,
    status: 'created',
    utr: null,
    entryCount: 3,
    processedAt: null,
    failedAt: null,
    failureReason: null,
    ...overrides,
  };
}

describe('settlement details projection', () => {
  beforeAll(spec.start);
  afterAll(spec.stop);

  it('shows a settlement just created, with its amount and how many entries it holds', () =>
    spec
      .given(...settlement('setl_Created000001', created('setl_Created000001')))
      .then(detailsOf('setl_Created000001'), createdRow('setl_Created000001')));

  it('shows a processed settlement with the bank’s UTR, and when', () =>
    spec.given(...settlement('setl_Processed0001', created('setl_Processed0001'), processed)).then(
      detailsOf('setl_Processed0001'),
      createdRow('setl_Processed0001', {
        version: 2,
        status: 'processed',
        utr: 'UTR0000000000001',
        processedAt: LATER / 1000,
      }),
    ));

  it('shows a failed settlement with the reason, and when', () =>
    spec.given(...settlement('setl_Failed000001', created('setl_Failed000001'), failed)).then(
      detailsOf('setl_Failed000001'),
      createdRow('setl_Failed000001', {
        version: 2,
        status: 'failed',
        failedAt: LATER / 1000,
        failureReason: 'bank_account_closed',
      }),
    ));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(...settlement('setl_Replayed00001', created('setl_Replayed00001'), processed))
      .thenAfter(
        'redelivery',
        detailsOf('setl_Replayed00001'),
        createdRow('setl_Replayed00001', {
          version: 2,
          status: 'processed',
          utr: 'UTR0000000000001',
          processedAt: LATER / 1000,
        }),
      ));

  it('shows the settlement to no other account or mode', async () => {
    await spec
      .given(...settlement('setl_OtherTenant01', created('setl_OtherTenant01')))
      .then(detailsOf('setl_OtherTenant01'), createdRow('setl_OtherTenant01'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getSettlementDetails(db, other, 'setl_OtherTenant01'), null);
  });
});

import type { EventMetadata } from '@platform/event-store';
import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { SETTLEMENTS_ENTITIES, SETTLEMENTS_MIGRATIONS } from '../../app.module';
import { ONDEMAND_SETTLEMENT_STREAM } from '../ondemand-settlement.decider';
import type { OndemandSettlementEvent } from '../ondemand-settlement.events';
import type { OndemandSettlementDetailsRow } from './ondemand-settlement-details.entity';
import { ondemandSettlementDetailsProjection } from './ondemand-settlement-details.projection';
import { getOndemandSettlementDetails } from './ondemand-settlement-details.query';

const NOW = 1_700_000_000_000;
const LATER = NOW + 60_000;
const METADATA: EventMetadata = { accountId: 'acc_Test0000000001', mode: 'test', now: NOW };

/** 7,000,000 asked for, paid out in two payouts (the first 5,000,000 at most), fees with GST. */
const created = (settlementId: string): OndemandSettlementEvent => ({
  type: 'OndemandSettlementCreated',
  data: {
    settlementId,
    currency: 'INR',
    amountRequested: 7_000_000,
    settleFullBalance: false,
    description: 'Salaries',
    notes: { run: 11 },
    fees: 16_520,
    tax: 2_520,
    payouts: [
      { payoutId: 'setlod_Payout00001', amount: 5_000_000, fees: 11_800, tax: 1_800 },
      { payoutId: 'setlod_Payout00002', amount: 2_000_000, fees: 4_720, tax: 720 },
    ],
    createdAt: NOW,
  },
});
const processed: OndemandSettlementEvent = {
  type: 'OndemandSettlementProcessed',
  data: { utrs: ['UTR0000000000001', 'UTR0000000000002'], processedAt: LATER },
};
const reversed: OndemandSettlementEvent = {
  type: 'OndemandSettlementReversed',
  data: {
    currency: 'INR',
    amountRequested: 7_000_000,
    fees: 16_520,
    tax: 2_520,
    reason: 'bank_account_closed',
    reversedAt: LATER,
  },
};

const spec = ProjectionSpecification.forStreams(ondemandSettlementDetailsProjection, {
  entities: SETTLEMENTS_ENTITIES,
  migrations: SETTLEMENTS_MIGRATIONS,
  streamType: ONDEMAND_SETTLEMENT_STREAM,
  metadata: METADATA,
  read: getOndemandSettlementDetails,
});
const { stream: ondemand, detailsOf } = spec;

function initiatedRow(
  id: string,
  overrides: Partial<OndemandSettlementDetailsRow> = {},
): OndemandSettlementDetailsRow {
  return {
    ...rowOrigin(id, METADATA, NOW),
    currency: 'INR',
    amountRequested: 7_000_000,
    settleFullBalance: false,
    description: 'Salaries',
    notes: { run: 11 },
    fees: 16_520,
    tax: 2_520,
    status: 'initiated',
    payouts: [
      { id: 'setlod_Payout00001', amount: 5_000_000, fees: 11_800, tax: 1_800, utr: null },
      { id: 'setlod_Payout00002', amount: 2_000_000, fees: 4_720, tax: 720, utr: null },
    ],
    processedAt: null,
    reversedAt: null,
    ...overrides,
  };
}
const processedRow = (id: string) =>
  initiatedRow(id, {
    version: 2,
    status: 'processed',
    processedAt: LATER / 1000,
    payouts: [
      {
        id: 'setlod_Payout00001',
        amount: 5_000_000,
        fees: 11_800,
        tax: 1_800,
        utr: 'UTR0000000000001',
      },
      {
        id: 'setlod_Payout00002',
        amount: 2_000_000,
        fees: 4_720,
        tax: 720,
        utr: 'UTR0000000000002',
      },
    ],
  });

describe('on-demand settlement details projection', () => {
  beforeAll(spec.start);
  afterAll(spec.stop);

  it('shows an on-demand settlement just asked for as initiated, with its payouts and fees', () =>
    spec
      .given(...ondemand('setlod_Created0001', created('setlod_Created0001')))
      .then(detailsOf('setlod_Created0001'), initiatedRow('setlod_Created0001')));

  it('shows a processed settlement with each payout’s UTR, and when', () =>
    spec
      .given(...ondemand('setlod_Processed01', created('setlod_Processed01'), processed))
      .then(detailsOf('setlod_Processed01'), processedRow('setlod_Processed01')));

  it('shows a reversed settlement as reversed, and when', () =>
    spec.given(...ondemand('setlod_Reversed001', created('setlod_Reversed001'), reversed)).then(
      detailsOf('setlod_Reversed001'),
      initiatedRow('setlod_Reversed001', {
        version: 2,
        status: 'reversed',
        reversedAt: LATER / 1000,
      }),
    ));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(...ondemand('setlod_Replayed001', created('setlod_Replayed001'), processed))
      .thenAfter(
        'redelivery',
        detailsOf('setlod_Replayed001'),
        processedRow('setlod_Replayed001'),
      ));

  it('shows the settlement to no other account or mode', async () => {
    await spec
      .given(...ondemand('setlod_OtherTenant', created('setlod_OtherTenant')))
      .then(detailsOf('setlod_OtherTenant'), initiatedRow('setlod_OtherTenant'));
    for (const other of otherTenants(METADATA))
      await spec
        .given()
        .then((db) => getOndemandSettlementDetails(db, other, 'setlod_OtherTenant'), null);
  });
});

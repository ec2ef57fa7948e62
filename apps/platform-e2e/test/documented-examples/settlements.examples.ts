import { COLLECTION, keys, ONDEMAND_SETTLEMENT, RECON_ROW, SETTLEMENT } from './entity-fields';
import type { DocumentedExample } from './example';

const AN_ONDEMAND =
  'id entity amount_requested amount_settled amount_pending amount_reversed fees tax currency settle_full_balance status description notes created_at';

export const SETTLEMENT_EXAMPLES: DocumentedExample[] = [
  {
    // The document's sample answer here lists payments; a settlement's keys are those of its fetch.
    source: 'razorpay-node documents/settlement.md#fetch-all--settlements',
    call: { resource: 'settlements', method: 'all' },
    request: [{}],
    given: ['settlement'],
    expect: { status: 200, fields: COLLECTION, items: SETTLEMENT },
  },
  {
    source: 'razorpay-node documents/settlement.md#fetch-a-settlement',
    call: { resource: 'settlements', method: 'fetch' },
    request: ['$settlement.id'],
    expect: { status: 200, fields: SETTLEMENT },
  },
  {
    source: 'razorpay-node documents/settlement.md#settlement-report-for-a-month',
    call: { resource: 'settlements', method: 'reports' },
    request: [{ year: '$settlement.year', month: '$settlement.month' }],
    expect: { status: 200, fields: COLLECTION, items: RECON_ROW },
  },
  {
    source: 'razorpay-node documents/settlement.md#settlement-recon',
    call: { resource: 'settlements', method: 'reports' },
    request: [{ year: '$settlement.year', month: '$settlement.month', day: '$settlement.day' }],
    expect: { status: 200, fields: COLLECTION, items: RECON_ROW },
  },
  {
    source: 'razorpay-node documents/settlement.md#create-on-demand-settlement',
    call: { resource: 'settlements', method: 'createOndemandSettlement' },
    request: [
      {
        amount: 1221,
        settle_full_balance: false,
        description: 'Testing',
        notes: { notes_key_1: 'Tea, Earl Grey, Hot', notes_key_2: 'Tea, Earl Grey… decaf.' },
      },
    ],
    given: ['capturedPayment'],
    expect: {
      status: 200,
      fields: keys(ONDEMAND_SETTLEMENT, `${AN_ONDEMAND} ondemand_payouts`),
    },
  },
  {
    source: 'razorpay-node documents/settlement.md#fetch-all-on-demand-settlements',
    call: { resource: 'settlements', method: 'fetchAllOndemandSettlement' },
    request: [{}],
    given: ['ondemandSettlement'],
    expect: { status: 200, fields: COLLECTION, items: keys(ONDEMAND_SETTLEMENT, AN_ONDEMAND) },
  },
  {
    source: 'razorpay-node documents/settlement.md#fetch-on-demand-settlement-by-id',
    call: { resource: 'settlements', method: 'fetchOndemandSettlementById' },
    request: ['$ondemandSettlement.id'],
    expect: { status: 200, fields: keys(ONDEMAND_SETTLEMENT, AN_ONDEMAND) },
  },
];

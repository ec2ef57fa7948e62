import {
  ONDEMAND_SETTLEMENT_STATUSES,
  PAYMENT_METHODS,
  RECON_TRANSACTION_TYPES,
  SETTLEMENT_STATUSES,
} from '@platform/contracts';
import type { SettlementEntity } from '@platform/contracts';
import { SUPPORTED_CURRENCIES } from '@platform/http';
import {
  amount,
  answers,
  collection,
  fetchOperation,
  flag,
  idParameter,
  json,
  listOperation,
  notes,
  notesInput,
  nullableString,
  optionalQuery,
  page,
  ref,
} from './openapi-parts';

/**
 * The settlements service's rules (apps/settlements/src/), written out: the gateway may not import
 * the settlements app. Keep the two in step: the recon query and row (recon/), the on-demand entity,
 * request and fee schedule (ondemand-settlement/), the settlement delay (balance/).
 */
const DEFAULT_DELAY_DAYS = 2;
const MAX_RECON_COUNT = 1000;
const MIN_ONDEMAND_AMOUNT = 100;
const DESCRIPTION_MAX = 30;
const FEE_SCHEDULE = [
  'Each payout carries at most ₹5,00,000 (50000000 paise): a larger amount is paid in several, full ones first.',
  'Each payout costs 0.25% of its amount (the commission) plus 18% GST on the commission, each rounded half up to the paisa; `fees` includes the GST and `tax` is the GST part.',
  'The fees are taken out of the amount: the bank receives `amount_requested − fees`. Example: 200000 (₹2,000) → commission 500, GST 90, fees 590 (tax 90), 199410 reaches the bank.',
].join(' ');

const settlementIdParameter = idParameter('settlement', 'setl');
const ondemandIdParameter = idParameter('on-demand settlement', 'setlod');
const payoutsExpandParameter = {
  name: 'expand[]',
  in: 'query',
  required: false,
  description:
    "`ondemand_payouts`: include each settlement's payouts in `ondemand_payouts`. Every encoding clients use is read: `expand[]=ondemand_payouts`, `expand[0]=ondemand_payouts`, `expand=ondemand_payouts`, and the official SDK's `expand[expand]=ondemand_payouts`. Other values are ignored.",
  schema: { type: 'array', items: { type: 'string', enum: ['ondemand_payouts'] } },
  style: 'form',
  explode: true,
};

const reconParameters = [
  {
    name: 'year',
    in: 'query',
    required: true,
    description:
      'The year of the report ("The year field is required.", "The year must be 4 digits.").',
    schema: { type: 'integer', minimum: 1000, maximum: 9999, examples: [2025] },
  },
  {
    name: 'month',
    in: 'query',
    required: true,
    description:
      'The month, 1 to 12; `06` is read as 6 ("The month field is required.", "The month is not a valid month.").',
    schema: { type: 'integer', minimum: 1, maximum: 12 },
  },
  optionalQuery(
    'day',
    'Only the settlements processed on this day of the month, in UTC ("The day must be between 1 and 31.", "The day must be between 1 and 2 digits." for one that is not a whole number; a day the month does not have, such as 31 in April: "The day is not a valid day of the month.").',
    { type: 'integer', minimum: 1, maximum: 31 },
  ),
  optionalQuery(
    'count',
    `How many rows to return ("The count must be at least 1.", "The count may not be greater than ${MAX_RECON_COUNT}.").`,
    { type: 'integer', minimum: 1, maximum: MAX_RECON_COUNT, default: MAX_RECON_COUNT },
  ),
  optionalQuery('skip', 'How many rows to skip ("The skip must be at least 0.").', {
    type: 'integer',
    minimum: 0,
    default: 0,
  }),
];

const settlementProperties = {
  id: { type: 'string', examples: ['setl_1Aa00000000001'] },
  entity: { const: 'settlement' },
  amount: {
    type: 'integer',
    description:
      "What the settlement pays to the merchant's bank, in the smallest currency unit: its transactions' credits less their debits (payments net of their fees, less refunds, dispute holds and deductions, and on-demand settlements made since the last one).",
    examples: [48820],
  },
  status: {
    type: 'string',
    enum: [...SETTLEMENT_STATUSES],
    description:
      "`created`: made by the day's cycle, on its way to the bank. `processed`: credited, with a `utr`. `failed`: the bank refused the transfer (test mode only, when the operator makes bank transfers fail); its amount returns to the balance and its transactions wait for the next cycle.",
  },
  fees: {
    const: 0,
    description:
      "Always 0: a scheduled settlement costs nothing, its payments' fees were taken when they were captured.",
  },
  tax: { const: 0, description: 'Always 0.' },
  utr: {
    type: ['string', 'null'],
    description:
      "The bank's unique transaction reference, once processed; null before, and for a failed settlement.",
    examples: ['1597813219e1pq6w'],
  },
  created_at: { type: 'integer', description: 'Unix seconds' },
} satisfies Record<keyof SettlementEntity, unknown>;

const reconRowProperties = {
  entity_id: {
    type: 'string',
    description:
      "What moved the money: the payment (`pay_…`), the refund (`rfnd_…`) or the adjustment (`adj_…` for a dispute's hold, release or deduction, `setlod_…` for an on-demand settlement).",
    examples: ['pay_1Aa00000000001'],
  },
  type: { type: 'string', enum: [...RECON_TRANSACTION_TYPES] },
  debit: {
    type: 'integer',
    description:
      'What the transaction took from the balance (refunds, holds, deductions, on-demand settlements); 0 otherwise.',
  },
  credit: {
    type: 'integer',
    description:
      "What it added to the balance (a payment's amount less its fee, a released hold, a reversed on-demand settlement's return); 0 otherwise. A settlement's rows' credits less their debits are its amount.",
  },
  amount: { type: 'integer', description: "The payment's, refund's or adjustment's own amount." },
  currency: { type: 'string', enum: [...SUPPORTED_CURRENCIES] },
  fee: {
    type: 'integer',
    description:
      "The payment's fee, GST included (an on-demand settlement's fees); 0 for refunds and dispute adjustments.",
  },
  tax: { type: 'integer', description: 'The GST part of `fee`.' },
  on_hold: { type: 'boolean', description: 'true for the hold a dispute put on its amount.' },
  settled: { const: true, description: 'Every row of the report is settled.' },
  created_at: {
    type: 'integer',
    description: 'When the payment, refund or adjustment was made, Unix seconds.',
  },
  settled_at: { type: 'integer', description: 'When its settlement was processed, Unix seconds.' },
  settlement_id: { type: 'string', examples: ['setl_1Aa00000000001'] },
  posted_at: { type: 'integer', description: 'When it reached the ledger, Unix seconds.' },
  credit_type: { const: 'default' },
  description: {
    ...nullableString,
    description:
      'The payment\'s description; for an adjustment, what it was (e.g. "Dispute disp_… lost: amount deducted").',
  },
  notes: { anyOf: [notes, { type: 'null' }], description: "The payment's or refund's notes." },
  payment_id: {
    ...nullableString,
    description:
      'The payment a refund or dispute adjustment belongs to; null for payments themselves.',
  },
  settlement_utr: { ...nullableString, description: 'The UTR of the settlement.' },
  order_id: { ...nullableString, description: "The payment's order." },
  order_receipt: { ...nullableString, description: "The receipt of the payment's order." },
  method: {
    enum: [...PAYMENT_METHODS, null],
    description: "The payment's method.",
  },
  card_network: { ...nullableString, description: 'Card payments: the network (e.g. Visa).' },
  card_issuer: {
    ...nullableString,
    description: "Card payments: the issuing bank's code (e.g. HDFC).",
  },
  card_type: {
    ...nullableString,
    description: 'Card payments: credit, debit, prepaid or unknown.',
  },
  dispute_id: { ...nullableString, description: 'Dispute adjustments: the dispute.' },
};

const status = {
  type: 'string',
  enum: [...ONDEMAND_SETTLEMENT_STATUSES],
  description:
    '`initiated`: taken from the balance, on its way to the bank. `processed`: credited, a UTR per payout (moments later). `reversed`: the bank refused (test mode only, when the operator makes bank transfers fail); the whole `amount_requested` returns to the balance and the fees are waived.',
};

const payoutProperties = {
  id: {
    type: 'string',
    pattern: '^setlodp_[0-9A-Za-z]{14}$',
    examples: ['setlodp_1Aa00000000001'],
  },
  entity: { const: 'settlement.ondemand_payout' },
  initiated_at: { type: 'integer', description: 'Unix seconds' },
  processed_at: { type: ['integer', 'null'], description: 'Unix seconds, once processed.' },
  reversed_at: { type: ['integer', 'null'], description: 'Unix seconds, once reversed.' },
  amount: {
    type: 'integer',
    description: 'What the payout carries, its fees included: at most 50000000 (₹5,00,000).',
  },
  amount_settled: {
    type: 'integer',
    description: '`amount − fees` once processed; 0 before and when reversed.',
  },
  fees: { type: 'integer', description: 'GST included.' },
  tax: { type: 'integer', description: 'The GST part of `fees`.' },
  utr: { ...nullableString, description: "The bank's reference, once processed." },
  status,
  created_at: { type: 'integer', description: 'Unix seconds' },
};

const ondemandProperties = {
  id: { type: 'string', pattern: '^setlod_[0-9A-Za-z]{14}$', examples: ['setlod_1Aa00000000001'] },
  entity: { const: 'settlement.ondemand' },
  amount_requested: {
    type: 'integer',
    description:
      'What was taken from the balance: the `amount` asked for, or all that was available with `settle_full_balance`.',
    examples: [200000],
  },
  amount_settled: {
    type: 'integer',
    description: '`amount_requested − fees` once processed; 0 otherwise.',
    examples: [199410],
  },
  amount_pending: {
    type: 'integer',
    description: '`amount_requested − fees` while initiated; 0 otherwise.',
  },
  amount_reversed: {
    type: 'integer',
    description: '`amount_requested − fees` once reversed; 0 otherwise.',
  },
  fees: {
    type: 'integer',
    description: `The payouts' fees, GST included. ${FEE_SCHEDULE}`,
    examples: [590],
  },
  tax: { type: 'integer', description: 'The GST part of `fees`.', examples: [90] },
  currency: {
    const: 'INR',
    description: 'On-demand settlements are paid in rupees, from the INR balance.',
  },
  settle_full_balance: { type: 'boolean' },
  status,
  description: nullableString,
  notes,
  created_at: { type: 'integer', description: 'Unix seconds' },
  scheduled: { const: false, description: 'Always false: made on demand, not by the daily cycle.' },
};

export const settlementSchemas = {
  Settlement: {
    type: 'object',
    required: Object.keys(settlementProperties),
    additionalProperties: false,
    properties: settlementProperties,
  },
  SettlementCollection: collection('Settlement'),
  SettlementReconRow: {
    type: 'object',
    required: Object.keys(reconRowProperties),
    description: 'One settled transaction, as the combined recon report shows it.',
    properties: reconRowProperties,
  },
  SettlementReconCollection: collection('SettlementReconRow'),
  OndemandPayout: {
    type: 'object',
    required: Object.keys(payoutProperties),
    description: "One credit to the merchant's bank of an on-demand settlement.",
    properties: payoutProperties,
  },
  OndemandPayoutCollection: collection('OndemandPayout'),
  OndemandSettlement: {
    type: 'object',
    required: Object.keys(ondemandProperties),
    properties: {
      ...ondemandProperties,
      ondemand_payouts: {
        ...ref('OndemandPayoutCollection'),
        description:
          'In the answer of POST /v1/settlements/ondemand, and with `expand[]=ondemand_payouts`; absent otherwise.',
      },
    },
  },
  OndemandSettlementCollection: collection('OndemandSettlement'),
  CreateOndemandSettlement: {
    type: 'object',
    additionalProperties: false,
    description:
      'Unknown fields are refused (400 naming the field: "<field> is/are not required and should not be sent").',
    properties: {
      amount: {
        ...amount(
          'amount',
          `What to take from the balance, fees included. Required unless \`settle_full_balance\` is true ("The amount field is required."), and then ignored; at most what is available ("The amount requested is more than the balance available for settlement: <paise> (₹<rupees>) is available.").`,
          MIN_ONDEMAND_AMOUNT,
        ),
        examples: [200000],
      },
      settle_full_balance: flag(
        'Take all that is available ("There is no balance to settle: ₹<rupees> is available." when that is less than ₹1).',
      ),
      description: {
        type: 'string',
        maxLength: DESCRIPTION_MAX,
        pattern: '^[A-Za-z0-9 ]*$',
        description: `Your label ("The description may not be greater than ${DESCRIPTION_MAX} characters.", "The description may contain only letters, digits and spaces.").`,
        examples: ['Payout for June'],
      },
      notes: notesInput({ purpose: 'vendor payments' }),
    },
    examples: [{ amount: 200000, description: 'Payout for June' }, { settle_full_balance: true }],
  },
};

const settlementNames = { tag: 'Settlements', noun: 'settlement', schema: 'Settlement' };
const ondemandSettlementNames = {
  tag: 'Settlements',
  noun: 'on-demand settlement',
  schema: 'OndemandSettlement',
};

export const settlementPaths = {
  '/v1/settlements': {
    get: listOperation(
      settlementNames,
      page,
      [
        `The scheduled settlements of the account and mode. A settlement cycle runs every day at 00:00 UTC, on the account's clock (in test mode POST /v1/simulator/clock/advance moves it). For each currency it pays out, in one settlement, every captured payment at least the account's settlement delay old (${DEFAULT_DELAY_DAYS} days unless the platform's operator changed it), with every refund, dispute adjustment and on-demand settlement not settled yet. A currency whose transactions add up to nothing or less settles nothing that day.`,
        'On-demand settlements are listed by GET /v1/settlements/ondemand.',
      ].join('\n\n'),
    ),
  },
  '/v1/settlements/{id}': {
    get: fetchOperation(settlementNames, [settlementIdParameter]),
  },
  '/v1/settlements/recon/combined': {
    get: {
      tags: ['Settlements'],
      summary: 'Settlement recon: the transactions settled in a month or a day',
      operationId: 'settlementRecon',
      description:
        "Every transaction settled by the settlements processed in the month (or, with `day`, the day) asked for, in UTC: settlement by settlement, oldest first, each settlement's transactions in the order they reached the ledger. For each settlement, its rows' credits less their debits are its amount.",
      parameters: reconParameters,
      responses: answers('A page of settled transactions', ref('SettlementReconCollection')),
    },
  },
  '/v1/settlements/ondemand': {
    post: {
      tags: ['Settlements'],
      summary: 'Settle now: an on-demand settlement',
      operationId: 'createOndemandSettlement',
      description: [
        "Takes `amount` (or, with `settle_full_balance`, all that is available) from the INR balance at once and pays it to the merchant's bank, less its fees. Available is what no settlement has paid out yet: captured payments net of their fees, however recent, less refunds, dispute holds and deductions, and earlier on-demand settlements. The next scheduled settlement nets what an on-demand settlement took.",
        FEE_SCHEDULE,
        'Refused with 400, naming the field: an amount more than is available ("The amount requested is more than the balance available for settlement: <paise> (₹<rupees>) is available."), less than 100, or missing without `settle_full_balance`; `settle_full_balance` with less than ₹1 available; a description that is too long or has other characters than letters, digits and spaces.',
      ].join('\n\n'),
      requestBody: { required: true, ...json(ref('CreateOndemandSettlement')) },
      responses: answers(
        'The on-demand settlement, `initiated`, with its payouts',
        ref('OndemandSettlement'),
      ),
    },
    get: listOperation(ondemandSettlementNames, [...page, payoutsExpandParameter]),
  },
  '/v1/settlements/ondemand/{id}': {
    get: fetchOperation(
      { tag: 'Settlements', noun: 'on-demand settlement', schema: 'OndemandSettlement' },
      [ondemandIdParameter, payoutsExpandParameter],
    ),
  },
};

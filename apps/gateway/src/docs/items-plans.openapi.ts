import { ITEM_TYPES, PLAN_PERIODS } from '@platform/contracts';
import type { ItemEntity, PlanEntity } from '@platform/contracts';
import { DEFAULT_CURRENCY, MAX_AMOUNT, SUPPORTED_CURRENCIES } from '@platform/http';
import {
  allRequired,
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
  optionalQuery,
  page,
  ref,
} from './openapi-parts';

const currency = { type: 'string', enum: [...SUPPORTED_CURRENCIES], default: DEFAULT_CURRENCY };
const name = { type: 'string', minLength: 1, maxLength: 255, examples: ['Book / English August'] };
const description = { type: 'string', maxLength: 2048 };
const itemProperties = {
  id: { type: 'string', examples: ['item_1Aa00000000001'] },
  entity: { const: 'item' },
  active: { type: 'boolean', description: 'Switched with PATCH; new items are active.' },
  name: { type: 'string' },
  description: { type: ['string', 'null'] },
  amount: { type: 'integer', description: 'In the smallest currency unit.', maximum: MAX_AMOUNT },
  unit_amount: { type: 'integer', description: 'The same as `amount`.' },
  currency,
  type: {
    type: 'string',
    enum: [...ITEM_TYPES],
    description:
      "`invoice` for catalogue items, `plan` for the item a plan was created with, `addon` for a subscription add-on's item (neither listed with /v1/items).",
  },
  unit: { type: 'null' },
  tax_inclusive: { const: false },
  hsn_code: { type: 'null' },
  sac_code: { type: 'null' },
  tax_rate: { type: 'null' },
  tax_id: { type: 'null' },
  tax_group_id: { type: 'null' },
  created_at: { type: 'integer', description: 'Unix seconds' },
  updated_at: { type: 'integer', description: 'Unix seconds' },
} satisfies Record<keyof ItemEntity, unknown>;

const planProperties = {
  id: { type: 'string', examples: ['plan_1Aa00000000001'] },
  entity: { const: 'plan' },
  interval: {
    type: 'integer',
    minimum: 1,
    description: 'A cycle is `interval` periods: monthly with 2 is every two months.',
  },
  period: { type: 'string', enum: [...PLAN_PERIODS] },
  item: ref('Item'),
  notes,
  created_at: { type: 'integer', description: 'Unix seconds' },
} satisfies Record<keyof PlanEntity, unknown>;

export const itemPlanSchemas = {
  Item: allRequired(itemProperties),
  ItemCollection: collection('Item'),
  CreateItem: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'amount'],
    description: 'Unknown fields are refused (400 naming the field).',
    properties: { name, description, amount: amount('amount', 'The price.', 1), currency },
    examples: [
      {
        name: 'Book / English August',
        description: 'An indian story',
        amount: 20000,
        currency: 'INR',
      },
    ],
  },
  UpdateItem: {
    type: 'object',
    additionalProperties: false,
    description:
      'The fields sent replace those fields; the others stay. An update that changes nothing records nothing.',
    properties: {
      name,
      description,
      amount: amount('amount', 'The new price.', 1),
      currency,
      active: flag('Switch the item on (true) or off (false).'),
    },
  },
  Plan: allRequired(planProperties),
  PlanCollection: collection('Plan'),
  CreatePlan: {
    type: 'object',
    additionalProperties: false,
    required: ['item', 'period', 'interval'],
    description:
      'Plans do not change once made. A daily plan needs an interval of at least 7 ("A daily plan needs an interval of at least 7.").',
    properties: {
      item: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'amount'],
        description: 'What each cycle charges: the plan gets an item of its own (`type: plan`).',
        properties: {
          name,
          description,
          amount: amount('item.amount', 'The amount of one cycle.'),
          currency,
        },
      },
      period: planProperties.period,
      interval: { type: 'integer', minimum: 1, maximum: 1000 },
      notes: notesInput({ tier: 'gold' }),
    },
    examples: [
      { period: 'monthly', interval: 1, item: { name: 'Gold', amount: 49900, currency: 'INR' } },
    ],
  },
};

const itemNames = { tag: 'Items', noun: 'item', schema: 'Item' };
const planNames = { tag: 'Plans', noun: 'plan', schema: 'Plan' };

export const itemPlanPaths = {
  '/v1/items': {
    post: {
      tags: ['Items'],
      summary: 'Create an item',
      operationId: 'createItem',
      requestBody: { required: true, ...json(ref('CreateItem')) },
      responses: answers('The item', ref('Item')),
    },
    get: listOperation(itemNames, [
      ...page,
      optionalQuery('active', '1: active items only; 0: inactive ones only.', {
        enum: ['1', '0', 'true', 'false'],
      }),
    ]),
  },
  '/v1/items/{id}': {
    get: fetchOperation(itemNames, [idParameter('item', 'item')]),
    patch: {
      tags: ['Items'],
      summary: 'Update an item, or switch it on or off',
      operationId: 'updateItem',
      parameters: [idParameter('item', 'item')],
      requestBody: { required: true, ...json(ref('UpdateItem')) },
      responses: answers('The item after the update', ref('Item')),
    },
    delete: {
      tags: ['Items'],
      summary: 'Delete an item',
      operationId: 'deleteItem',
      description:
        'Answers `[]`. The item is gone from then on ("The id provided does not exist").',
      parameters: [idParameter('item', 'item')],
      responses: answers('An empty array', { type: 'array', maxItems: 0 }),
    },
  },
  '/v1/plans': {
    post: {
      tags: ['Plans'],
      summary: 'Create a plan',
      operationId: 'createPlan',
      requestBody: { required: true, ...json(ref('CreatePlan')) },
      responses: answers('The plan', ref('Plan')),
    },
    get: listOperation(planNames, page),
  },
  '/v1/plans/{id}': {
    get: fetchOperation(planNames, [idParameter('plan', 'plan')]),
  },
};

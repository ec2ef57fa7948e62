import type { DocumentedExample, Fields } from './example';

/** An item as items.md's create and update answers show it. */
const ITEM: Fields = {
  id: 'string',
  active: 'boolean',
  name: 'string',
  description: 'string|null',
  amount: 'integer',
  unit_amount: 'integer',
  currency: 'string',
  type: 'string',
  unit: 'string|null',
  tax_inclusive: 'boolean',
  hsn_code: 'string|null',
  sac_code: 'string|null',
  tax_rate: 'integer|null',
  tax_id: 'string|null',
  tax_group_id: 'string|null',
  created_at: 'integer',
};

/** The keys its list and fetch answers show. */
const { id, active, name, description, amount, currency } = ITEM;
const ITEM_SUMMARY: Fields = { id, active, name, description, amount, currency };

export const ITEM_EXAMPLES: DocumentedExample[] = [
  {
    source: 'razorpay-node documents/items.md#create-item',
    call: { resource: 'items', method: 'create' },
    request: [
      {
        name: 'Book / English August',
        description: 'An indian story, Booker prize winner.',
        amount: 20000,
        currency: 'INR',
      },
    ],
    expect: { status: 200, fields: ITEM },
  },
  {
    source: 'razorpay-node documents/items.md#fetch-all-items',
    call: { resource: 'items', method: 'all' },
    request: [{}],
    given: ['item'],
    expect: {
      status: 200,
      fields: { entity: 'string', count: 'integer', items: 'array' },
      items: ITEM_SUMMARY,
    },
  },
  {
    source: 'razorpay-node documents/items.md#fetch-particular-item',
    call: { resource: 'items', method: 'fetch' },
    request: ['$item.id'],
    expect: { status: 200, fields: ITEM_SUMMARY },
  },
  {
    source: 'razorpay-node documents/items.md#update-item',
    call: { resource: 'items', method: 'edit' },
    request: [
      '$item.id',
      {
        name: 'Book / Ignited Minds - Updated name!',
        description: 'New descirption too. :).',
        amount: 20000,
        currency: 'INR',
        active: true,
      },
    ],
    expect: { status: 200, fields: ITEM },
  },
  {
    source: 'razorpay-node documents/items.md#delete-item',
    call: { resource: 'items', method: 'delete' },
    request: ['$itemToDelete.id'],
    expect: { status: 200, fields: {}, emptyArray: true },
  },
];

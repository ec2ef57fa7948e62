import type { DocumentedExample, Fields } from './example';

const PLAN: Fields = {
  id: 'string',
  entity: 'string',
  interval: 'integer',
  period: 'string',
  item: 'object',
  notes: 'object|array',
  created_at: 'integer',
};

export const PLAN_EXAMPLES: DocumentedExample[] = [
  {
    source: 'razorpay-node documents/plans.md#create-plan',
    call: { resource: 'plans', method: 'create' },
    request: [
      {
        period: 'weekly',
        interval: 1,
        item: {
          name: 'Test plan - Weekly',
          amount: 69900,
          currency: 'INR',
          description: 'Description for the test plan',
        },
        notes: { notes_key_1: 'Tea, Earl Grey, Hot', notes_key_2: 'Tea, Earl Grey… decaf.' },
      },
    ],
    expect: { status: 200, fields: PLAN },
  },
  {
    source: 'razorpay-node documents/plans.md#fetch-all-plans',
    call: { resource: 'plans', method: 'all' },
    request: [{}],
    given: ['plan'],
    expect: {
      status: 200,
      fields: { entity: 'string', count: 'integer', items: 'array' },
      items: PLAN,
    },
  },
  {
    source: 'razorpay-node documents/plans.md#fetch-particular-plan',
    call: { resource: 'plans', method: 'fetch' },
    request: ['$plan.id'],
    expect: { status: 200, fields: PLAN },
  },
];

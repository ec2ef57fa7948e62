import type { DocumentedExample, Fields } from './example';

const CUSTOMER: Fields = {
  id: 'string',
  entity: 'string',
  name: 'string',
  email: 'string',
  contact: 'string',
  gstin: 'string|null',
  notes: 'object|array',
  created_at: 'integer',
};

const TEA_NOTES = { notes_key_1: 'Tea, Earl Grey, Hot', notes_key_2: 'Tea, Earl Grey… decaf.' };

/** The customer the recurring-payment documents create first (the same request in each). */
const RECURRING_CUSTOMER = {
  name: 'Gaurav Kumar',
  contact: 9123456780,
  email: 'gaurav.kumar@example.com',
  fail_existing: '1',
  gstin: '29XAbbA4369J1PA',
  notes: TEA_NOTES,
};

const createsRecurringCustomer = (doc: string): DocumentedExample => ({
  source: `razorpay-node documents/${doc}.md#create-customer`,
  call: { resource: 'customers', method: 'create' },
  request: [RECURRING_CUSTOMER],
  expect: { status: 200, fields: CUSTOMER },
});

export const CUSTOMER_EXAMPLES: DocumentedExample[] = [
  createsRecurringCustomer('customer'),
  {
    source: 'razorpay-node documents/customer.md#edit-customer',
    call: { resource: 'customers', method: 'edit' },
    request: [
      '$customer.id',
      { name: 'Gaurav Kumar', email: 'Gaurav.Kumar@example.com', contact: 9000000000 },
    ],
    expect: { status: 200, fields: CUSTOMER },
  },
  {
    source: 'razorpay-node documents/customer.md#fetch-all-customer',
    call: { resource: 'customers', method: 'all' },
    request: [{}],
    given: ['customer'],
    expect: {
      status: 200,
      fields: { entity: 'string', count: 'integer', items: 'array' },
      items: CUSTOMER,
    },
  },
  {
    source: 'razorpay-node documents/customer.md#fetch-customer-by-id',
    call: { resource: 'customers', method: 'fetch' },
    request: ['$customer.id'],
    expect: { status: 200, fields: CUSTOMER },
  },
  {
    source: 'razorpay-node documents/card.md#create-customer',
    call: { resource: 'customers', method: 'create' },
    request: [
      {
        name: 'Gaurav Kumar',
        email: 'gaurav.kumar@example.com',
        contact: '9123456780',
        fail_existing: '1',
        notes: { note_key_1: 'September', note_key_2: 'Make it so.' },
      },
    ],
    expect: { status: 200, fields: CUSTOMER },
  },
  createsRecurringCustomer('emandate'),
  createsRecurringCustomer('papernach'),
  createsRecurringCustomer('registerEmandate'),
  createsRecurringCustomer('registerNach'),
  {
    source: 'razorpay-node documents/upi.md#create-customer',
    call: { resource: 'customers', method: 'create' },
    request: [
      {
        name: 'Razorpay User',
        email: 'customer@razorpay.com',
        contact: 9123456780,
        notes: { notes_key_1: 'Tea, Earl Grey, Hot', notes_key_2: 'Tea, Earl Grey… decaf' },
      },
    ],
    expect: { status: 200, fields: CUSTOMER },
  },
  {
    // With a customer of the same details already there, fail_existing 0 answers that customer.
    source: 'razorpay.com docs/api/customers/create',
    call: { resource: 'customers', method: 'create' },
    request: [
      {
        name: 'Gaurav Kumar',
        contact: '9123456780',
        email: 'gaurav.kumar@example.com',
        fail_existing: '0',
        notes: TEA_NOTES,
      },
    ],
    given: ['gauravKumar'],
    expect: { status: 200, fields: CUSTOMER },
  },
  {
    source: 'razorpay-python documents/upi.md#create-customer',
    call: { resource: 'customers', method: 'create' },
    request: [
      {
        name: 'Gaurav Kumar',
        contact: 9123456780,
        email: 'gaurav.kumar@example.com',
        fail_existing: '1',
        notes: TEA_NOTES,
      },
    ],
    expect: { status: 200, fields: CUSTOMER },
  },
];

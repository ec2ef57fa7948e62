import {
  answers,
  collection,
  fetchOperation,
  idParameter,
  json,
  listOperation,
  notes,
  page,
  ref,
} from './openapi-parts';

const fields = {
  name: {
    type: 'string',
    minLength: 3,
    maxLength: 50,
    pattern: "^[\\p{L}\\p{M}0-9 .'()-]+$",
    examples: ['Gaurav Kumar'],
  },
  email: { type: 'string', format: 'email', maxLength: 64, examples: ['gaurav.kumar@example.com'] },
  contact: {
    oneOf: [{ type: 'string', pattern: '^\\+?[0-9]{8,15}$' }, { type: 'integer' }],
    description: 'Up to 15 digits including the country code.',
    examples: ['+919000090000'],
  },
  gstin: {
    type: 'string',
    pattern: '^[0-9]{2}[0-9A-Za-z]{13}$',
    description: 'The 2-digit state code, then 13 letters or digits.',
    examples: ['29ABCDE1234F1Z5', '29XAbbA4369J1PA'],
  },
  notes,
};

export const customerSchemas = {
  Customer: {
    type: 'object',
    required: ['id', 'entity', 'name', 'email', 'contact', 'gstin', 'notes', 'created_at'],
    properties: {
      id: { type: 'string', examples: ['cust_1Aa00000000001'] },
      entity: { const: 'customer' },
      name: { type: ['string', 'null'] },
      email: { type: ['string', 'null'] },
      contact: { type: ['string', 'null'] },
      gstin: { type: ['string', 'null'] },
      notes,
      created_at: { type: 'integer', description: 'Unix seconds' },
    },
  },
  CustomerCollection: collection('Customer'),
  CreateCustomer: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    description: 'At least one of name, email or contact. Unknown fields are refused.',
    properties: {
      ...fields,
      fail_existing: {
        oneOf: [{ type: 'boolean' }, { enum: [0, 1, '0', '1'] }],
        default: 1,
        description:
          '1: a customer with the same email and contact is an error ("Customer already exists for the merchant"). 0: that customer is returned instead.',
      },
    },
  },
  EditCustomer: {
    type: 'object',
    additionalProperties: false,
    description:
      'The fields sent replace those fields (null clears one); fields not sent stay as they are.',
    properties: fields,
  },
};

const customerNames = { tag: 'Customers', noun: 'customer', schema: 'Customer' };

export const customerPaths = {
  '/v1/customers': {
    post: {
      tags: ['Customers'],
      summary: 'Create a customer',
      operationId: 'createCustomer',
      requestBody: { required: true, ...json(ref('CreateCustomer')) },
      responses: answers(
        'The customer (new, or the existing one with fail_existing 0)',
        ref('Customer'),
      ),
    },
    get: listOperation(customerNames, page),
  },
  '/v1/customers/{id}': {
    get: fetchOperation(customerNames, [idParameter('customer', 'cust')]),
    put: {
      tags: ['Customers'],
      summary: 'Edit a customer',
      operationId: 'editCustomer',
      parameters: [idParameter('customer', 'cust')],
      requestBody: { required: true, ...json(ref('EditCustomer')) },
      responses: answers('The customer after the edit', ref('Customer')),
    },
  },
};

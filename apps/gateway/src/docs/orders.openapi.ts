import { ORDER_STATUSES } from '@platform/contracts';
import type { OrderEntity } from '@platform/contracts';
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES } from '@platform/http';
import {
  allRequired,
  amount,
  answers,
  collection,
  editNotesOperation,
  fetchOperation,
  flag,
  idParameter,
  json,
  listOperation,
  notes,
  notesEdit,
  notesInput,
  optionalQuery,
  page,
  ref,
} from './openapi-parts';

const orderProperties = {
  id: { type: 'string', examples: ['order_1Aa00000000001'] },
  entity: { const: 'order' },
  amount: {
    type: 'integer',
    description: 'What the order is for, in the smallest currency unit.',
    examples: [50000],
  },
  amount_paid: {
    type: 'integer',
    description:
      'The sum of the captured payments of the order (authorized payments do not count until captured).',
  },
  amount_due: { type: 'integer', description: '`amount` − `amount_paid`.' },
  currency: { type: 'string', enum: [...SUPPORTED_CURRENCIES] },
  receipt: {
    type: ['string', 'null'],
    description: 'Your reference: unique among the orders of the account and mode.',
  },
  offer_id: { type: 'null', description: 'Offers are not supported: always null.' },
  status: {
    type: 'string',
    enum: [...ORDER_STATUSES],
    description:
      '`created`: no payment tried yet. `attempted`: at least one payment was tried (failed ones included) and the order is not paid. `paid`: captured payments cover the amount.',
  },
  attempts: {
    type: 'integer',
    description: 'How many payments were tried on the order, failed ones included.',
  },
  notes,
  partial_payment: { type: 'boolean' },
  first_payment_min_amount: { type: ['integer', 'null'] },
  created_at: { type: 'integer', description: 'Unix seconds' },
} satisfies Record<keyof OrderEntity, unknown>;

export const orderSchemas = {
  Order: allRequired(orderProperties),
  OrderCollection: collection('Order'),
  CreateOrder: {
    type: 'object',
    additionalProperties: false,
    required: ['amount'],
    description:
      'Unknown fields are refused (400 naming the field: "<field> is/are not required and should not be sent").',
    properties: {
      amount: amount('amount', 'What the customer pays.'),
      currency: {
        type: 'string',
        enum: [...SUPPORTED_CURRENCIES],
        default: DEFAULT_CURRENCY,
        description: 'Upper case.',
      },
      receipt: {
        type: 'string',
        maxLength: 40,
        description:
          'Your reference. A second order with the same receipt in the account and mode is refused ("An order with this receipt already exists.").',
        examples: ['receipt#1'],
      },
      notes: notesInput({ shipping: 'express' }),
      partial_payment: flag(
        'Several payments may add up to the amount: each at most the amount due and at least 100 (the first at least first_payment_min_amount when set), unless it pays all that is due. Without it a payment must be exactly the amount due.',
      ),
      first_payment_min_amount: amount(
        'first_payment_min_amount',
        'With partial_payment only ("The first_payment_min_amount is allowed only with partial_payment."): the least the first payment may be; at most the amount.',
      ),
      payment_capture: flag(
        "Capture the order's payments at once (1/true), or leave them `authorized` (0/false, the default) until captured with POST /v1/payments/{id}/capture; a payment not captured within 3 days of its creation is refunded in full automatically.",
      ),
      payment: {
        type: 'object',
        additionalProperties: false,
        required: ['capture'],
        description:
          'The newer way to say payment_capture: `automatic` is payment_capture 1, `manual` is 0 (`capture_options` are not supported). Sent with a payment_capture that says the opposite, the order is refused ("The payment.capture and payment_capture disagree: send one of them.").',
        properties: { capture: { type: 'string', enum: ['automatic', 'manual'] } },
      },
    },
    examples: [
      { amount: 50000, currency: 'INR', receipt: 'receipt#1', notes: { shipping: 'express' } },
    ],
  },
  EditOrder: notesEdit('order', { input: { shipping: 'express' }, sent: { shipping: 'standard' } }),
};

const orderNames = { tag: 'Orders', noun: 'order', schema: 'Order' };

/**
 * What the SDK's `orders.fetchTransferOrder` sends (`GET /v1/orders/:id/?expand[]=transfers&status`):
 * read and answered with the order as it is, since Route transfers are not offered.
 */
const transferFetchQuery = [
  {
    name: 'expand[]',
    in: 'query',
    required: false,
    description:
      'Accepted and ignored: an order has nothing to expand (`transfers` would need Route transfers, which are not offered).',
    schema: { type: 'array', items: { type: 'string' } },
    style: 'form',
    explode: true,
  },
  optionalQuery('status', 'Accepted and ignored (the SDK sends it bare, without a value).'),
];

export const orderPaths = {
  '/v1/orders': {
    post: {
      tags: ['Orders'],
      summary: 'Create an order',
      operationId: 'createOrder',
      description:
        'An order is what a customer pays: checkout (in test mode: POST /v1/simulator/payments) makes payments against it.',
      requestBody: { required: true, ...json(ref('CreateOrder')) },
      responses: answers('The new order (status `created`)', ref('Order')),
    },
    get: listOperation(orderNames, [
      ...page,
      optionalQuery(
        'authorized',
        '1 (or true): only orders with an authorized payment; 0 (or false): only orders without one.',
        { type: 'integer', enum: [0, 1] },
      ),
      optionalQuery('receipt', 'Only the order with exactly this receipt.'),
    ]),
  },
  '/v1/orders/{id}': {
    get: fetchOperation(orderNames, [idParameter('order', 'order'), ...transferFetchQuery]),
    patch: editNotesOperation(orderNames, [idParameter('order', 'order')]),
  },
  '/v1/orders/{id}/payments': {
    get: {
      tags: ['Orders'],
      summary: 'List the payments of an order, newest first',
      operationId: 'listOrderPayments',
      description:
        'Every payment tried on the order, failed ones included. The card object is not expanded here (use GET /v1/payments/{id}/card).',
      parameters: [idParameter('order', 'order'), ...page],
      responses: answers("A page of the order's payments", ref('PaymentCollection')),
    },
  },
};

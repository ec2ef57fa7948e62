import {
  BILL_PAYMENT_METHODS,
  BILL_PAYMENT_STATUSES,
  BILL_RECEIPT_DELIVERIES,
  BILL_RECEIPT_TYPES,
} from '@platform/contracts';
import type { BillEntity, BillLineItemEntity, BillPaymentEntity } from '@platform/contracts';
import { DEFAULT_CURRENCY, MAX_AMOUNT, SUPPORTED_CURRENCIES } from '@platform/http';
import {
  allRequired,
  amount,
  answers,
  collection,
  fetchOperation,
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
 * The billing service's bill rules (apps/billing/src/bill: bill.decider.ts and dtos/bill-fields.ts),
 * written out: the gateway may not import the billing app. Keep the two in step.
 */
const GST_SLABS = [0, 0.1, 0.25, 1, 1.5, 3, 5, 12, 18, 28];
const MAX_LINE_ITEMS = 100;
const MAX_PAYMENTS = 10;
const MAX_QUANTITY = 1_000_000;
const MAX_TIMESTAMP = 9_999_999_999;

const currency = { type: 'string', enum: [...SUPPORTED_CURRENCIES], default: DEFAULT_CURRENCY };
const billIdParameter = idParameter('bill', 'bill');
const integer = (description: string, extra: Record<string, unknown> = {}) => ({
  type: 'integer',
  description,
  ...extra,
});

const lineItemProperties = {
  id: {
    type: 'string',
    examples: ['li_1Aa00000000001'],
    description:
      'Given by the platform; a PATCH that sends `line_items` gives the new lines new ids.',
  },
  name: { type: 'string' },
  description: nullableString,
  quantity: { type: 'integer', minimum: 1 },
  unit: { ...nullableString, examples: ['cup'] },
  hsn_code: { ...nullableString, examples: ['0902'] },
  unit_amount: integer('In the smallest currency unit.', { minimum: 0 }),
  tax_rate: {
    type: ['number', 'null'],
    enum: [...GST_SLABS, null],
    description: 'Percent; null: untaxed.',
  },
  tax_inclusive: {
    type: 'boolean',
    description: 'true: the unit amount includes the tax, which is carved out of it.',
  },
  gross_amount: integer('unit_amount × quantity.'),
  taxable_amount: integer(
    'What the tax is charged on: the gross amount, or (tax included) gross × 100 / (100 + rate), rounded half up to the paisa.',
  ),
  tax_amount: integer('taxable_amount × rate, rounded half up (tax included: gross − taxable).'),
  net_amount: integer('What the customer pays for the line: taxable_amount + tax_amount.'),
} satisfies Record<keyof BillLineItemEntity, unknown>;

const paymentProperties = {
  method: { type: 'string', enum: [...BILL_PAYMENT_METHODS] },
  amount: integer('In the smallest currency unit.', { minimum: 1, maximum: MAX_AMOUNT }),
  currency: { type: 'string', description: "The bill's currency (a payment without one gets it)." },
  reference: {
    ...nullableString,
    description: 'Your reference for the payment (a UTR, a card slip number…).',
  },
} satisfies Record<keyof BillPaymentEntity, unknown>;

const summaryProperties = {
  total_quantity: integer("The sum of the lines' quantities."),
  sub_total_amount: integer("The sum of the lines' taxable amounts."),
  tax_amount: integer("The sum of the lines' tax amounts."),
  net_payable_amount: integer(
    `The sum of the lines' net amounts: what the customer pays (at most ${MAX_AMOUNT}).`,
  ),
};

const billProperties = {
  id: { type: 'string', examples: ['bill_1Aa00000000001'] },
  entity: { const: 'bill' },
  receipt_number: { type: 'string', examples: ['R-0001'] },
  receipt_timestamp: integer('When the sale happened, Unix seconds.'),
  receipt_type: { type: 'string', enum: [...BILL_RECEIPT_TYPES] },
  receipt_delivery: { type: 'string', enum: [...BILL_RECEIPT_DELIVERIES] },
  customer: {
    type: 'object',
    required: ['name', 'contact', 'email'],
    properties: { name: nullableString, contact: { type: 'string' }, email: nullableString },
  },
  line_items: { type: 'array', items: ref('BillLineItem') },
  receipt_summary: {
    type: 'object',
    required: [...Object.keys(summaryProperties), 'currency'],
    description: 'Always computed by the platform from the line items, in integers.',
    properties: { ...summaryProperties, currency: { type: 'string' } },
  },
  payment_summary: {
    type: 'object',
    required: ['amount_paid', 'amount_due', 'payment_status'],
    properties: {
      amount_paid: integer('The sum of the payments.'),
      amount_due: integer('net_payable_amount − amount_paid.'),
      payment_status: {
        type: 'string',
        enum: [...BILL_PAYMENT_STATUSES],
        description:
          '`paid`: nothing is due (a bill of 0 included); `partially_paid`: some of it is paid; `unpaid`: no payment.',
      },
    },
  },
  payments: { type: 'array', items: ref('BillPayment') },
  notes,
  receipt_url: {
    type: 'string',
    format: 'uri',
    description:
      'The receipt page: `<public base URL>/bills/<bill id>`, an HTML page served by the gateway **without authentication** (it is meant to be shared with the customer; the id is unguessable). It shows the receipt number and time (IST), the customer, each line with its quantity, unit price, tax and total, the summary and the payment status. Not cached (`cache-control: no-store`); a malformed id answers 400 "The requested URL was not found on the server.", a deleted or unknown bill 400 "The id provided does not exist".',
    examples: ['https://api.example.com/bills/bill_1Aa00000000001'],
  },
  created_at: integer('Unix seconds'),
  updated_at: integer('Unix seconds'),
} satisfies Record<keyof BillEntity, unknown>;

/** The fields of POST, each optional for PATCH. */
const inputProperties = {
  receipt_number: {
    type: 'string',
    minLength: 1,
    maxLength: 40,
    description:
      'Unique per account and mode among bills not deleted: a duplicate is answered 400 "A bill with this receipt_number already exists." (field `receipt_number`).',
    examples: ['R-0001'],
  },
  receipt_timestamp: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_TIMESTAMP,
    description: 'When the sale happened, Unix seconds.',
  },
  receipt_type: { type: 'string', enum: [...BILL_RECEIPT_TYPES], default: 'sales_invoice' },
  receipt_delivery: { type: 'string', enum: [...BILL_RECEIPT_DELIVERIES], default: 'digital' },
  customer: {
    type: 'object',
    additionalProperties: false,
    required: ['contact'],
    description: 'Sent whole (PATCH replaces it whole).',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 255, examples: ['Gaurav Kumar'] },
      contact: {
        oneOf: [{ type: 'string', pattern: '^\\+?[0-9]{8,15}$' }, { type: 'integer' }],
        description: '8 to 15 digits, optionally after a +; a number is read as its digits.',
        examples: ['+919000090000'],
      },
      email: { type: 'string', format: 'email', maxLength: 64 },
    },
  },
  line_items: {
    type: 'array',
    minItems: 1,
    maxItems: MAX_LINE_ITEMS,
    description:
      'Sent whole (PATCH replaces them all). Field errors name the line, e.g. `line_items.0.tax_rate`.',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'quantity', 'unit_amount'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 255 },
        description: { type: 'string', maxLength: 2048 },
        quantity: { type: 'integer', minimum: 1, maximum: MAX_QUANTITY },
        unit_amount: amount('unit_amount', 'The price of one unit.', 0),
        unit: { type: 'string', minLength: 1, maxLength: 64 },
        hsn_code: { type: 'string', pattern: '^[0-9]{2,8}$', description: 'HSN or SAC code.' },
        tax_rate: {
          enum: GST_SLABS,
          description:
            'Percent, one of the GST slabs (converted once to basis points: no floating point in any amount). Absent: untaxed.',
        },
        tax_inclusive: { type: 'boolean', default: false },
      },
    },
  },
  currency,
  notes: notesInput({ till: '4' }),
  receipt_summary: {
    type: 'object',
    additionalProperties: false,
    description:
      'Optional totals of your own: the platform always computes them, and each one sent must equal its computed value, else 400 naming it, e.g. "The receipt_summary.net_payable_amount must be 35400, as computed from the line items (35401 was sent)." (field `receipt_summary.net_payable_amount`).',
    properties: Object.fromEntries(
      Object.keys(summaryProperties).map((key) => [key, { type: 'integer', minimum: 0 }]),
    ),
  },
  payments: {
    type: 'array',
    maxItems: MAX_PAYMENTS,
    description:
      'What the customer paid, sent whole (PATCH replaces them all). In the bill\'s currency ("The payments.0.currency must be the bill\'s currency, INR."); together at most the net payable amount ("The payments add up to 35401, more than the net payable amount of 35400.", field `payments`).',
    items: {
      type: 'object',
      additionalProperties: false,
      required: ['method', 'amount'],
      properties: {
        method: { type: 'string', enum: [...BILL_PAYMENT_METHODS] },
        amount: amount('amount', 'The amount paid.', 1),
        currency,
        reference: { type: 'string', minLength: 1, maxLength: 255 },
      },
    },
  },
};

const example = {
  receipt_number: 'R-0001',
  receipt_timestamp: 1736937000,
  customer: { name: 'Gaurav Kumar', contact: '+919000090000', email: 'gaurav.kumar@example.com' },
  line_items: [
    { name: 'Masala tea', quantity: 2, unit_amount: 10000, tax_rate: 18 },
    { name: 'Samosa', quantity: 1, unit_amount: 11800, tax_rate: 18, tax_inclusive: true },
  ],
  receipt_summary: { net_payable_amount: 35400 },
  payments: [{ method: 'upi', amount: 35400, reference: 'UTR123' }],
};

export const billSchemas = {
  Bill: allRequired(billProperties),
  BillLineItem: allRequired(lineItemProperties),
  BillPayment: allRequired(paymentProperties),
  BillCollection: collection('Bill'),
  CreateBill: {
    type: 'object',
    additionalProperties: false,
    required: ['receipt_number', 'receipt_timestamp', 'customer', 'line_items'],
    description:
      'Unknown fields are refused (400 naming the field). The amounts of each line and the summary are computed by the platform.',
    properties: inputProperties,
    examples: [example],
  },
  UpdateBill: {
    type: 'object',
    additionalProperties: false,
    description:
      "Any of the fields of a new bill: those sent replace the bill's (`customer`, `line_items` and `payments` whole; `null` is refused), the others stay. The bill that results is checked and priced as a whole, as a new one is (totals, payments, receipt number). An update that changes nothing records nothing.",
    properties: inputProperties,
    examples: [
      {
        receipt_summary: { net_payable_amount: 35400 },
        payments: [{ method: 'cash', amount: 35400 }],
      },
    ],
  },
};

const billNames = { tag: 'Bills', noun: 'bill', schema: 'Bill' };

export const billPaths = {
  '/v1/bills': {
    post: {
      tags: ['Bills'],
      summary: 'Create a bill (a digital receipt)',
      operationId: 'createBill',
      requestBody: { required: true, ...json(ref('CreateBill')) },
      responses: answers('The bill, with its computed amounts and its `receipt_url`', ref('Bill')),
    },
    get: listOperation(billNames, [
      ...page,
      optionalQuery('receipt_number', 'Only the bill with this receipt number (exact match).'),
    ]),
  },
  '/v1/bills/{id}': {
    get: fetchOperation(billNames, [billIdParameter]),
    patch: {
      tags: ['Bills'],
      summary: 'Update a bill',
      operationId: 'updateBill',
      parameters: [billIdParameter],
      requestBody: { required: true, ...json(ref('UpdateBill')) },
      responses: answers('The bill after the update, re-priced', ref('Bill')),
    },
    delete: {
      tags: ['Bills'],
      summary: 'Delete a bill',
      operationId: 'deleteBill',
      description:
        'Answers `[]`. The bill is gone from then on ("The id provided does not exist"), its receipt page too, and its receipt number is free again.',
      parameters: [billIdParameter],
      responses: answers('An empty array', { type: 'array', maxItems: 0 }),
    },
  },
};

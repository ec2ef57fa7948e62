import {
  ADDRESS_TYPES,
  INVOICE_TYPES,
  LINE_ITEM_TYPES,
  NOTIFICATION_STATUSES,
} from '@platform/contracts';
import type {
  AddressEntity,
  InvoiceCustomerDetails,
  InvoiceEntity,
  LineItemEntity,
} from '@platform/contracts';
import { GST_RATES_PERCENT } from '@platform/domain-kit';
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES } from '@platform/http';
import {
  allRequired,
  amount,
  answers,
  collection,
  errors,
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
 * The billing service's invoice rules (apps/billing/src/invoice: invoice.decider.ts, invoice-amounts.ts,
 * invoice.service.ts and dtos/), written out: the gateway may not import the billing app. Keep the two in step.
 */
const MAX_LINE_ITEMS = 50;
const MIN_INVOICE_AMOUNT = 100;
const MAX_QUANTITY = 100_000;
const STATUSES = ['draft', 'issued', 'partially_paid', 'paid', 'cancelled', 'expired'];

const currency = { type: 'string', enum: [...SUPPORTED_CURRENCIES], default: DEFAULT_CURRENCY };
const invoiceIdParameter = idParameter('invoice', 'inv');
const integer = (description: string, extra: Record<string, unknown> = {}) => ({
  type: 'integer',
  description,
  ...extra,
});
const nullableInteger = (description: string) => ({ type: ['integer', 'null'], description });
const EDITABLE_WHEN_ISSUED = 'only notes, description, expire_by, sms_notify and email_notify can.';

const LIFECYCLE = [
  '**Lifecycle.** `draft` (POST with `draft: "1"`) → `issued` (POST /v1/invoices/{id}/issue, or at once by a POST without `draft`) → `partially_paid` (a captured payment that leaves something due) → `paid` (nothing due).',
  'An `issued` invoice (no payment yet) can be `cancelled`; an `issued` or `partially_paid` one still unpaid at its `expire_by` becomes `expired`, on the account\'s clock (test mode: POST /v1/simulator/clock/advance moves it); moving `expire_by` moves the deadline. A `draft` can be deleted (gone from then on: "The id provided does not exist").',
  'Each change is published on the Kafka topic `billing.invoice` (`invoice.issued`, `invoice.partially_paid`, `invoice.paid`, `invoice.cancelled`, `invoice.expired`, the invoice after the change, keyed by its id).',
].join(' ');

const PAYING = [
  "**Paying.** An invoice is paid through its order (`order_id`, chosen when it is issued) in the payments service: the order is opened from billing's `invoice.issued` event, so it exists shortly after the issue, not at once.",
  'It is captured at once, takes parts of the amount only with `partial_payment` (otherwise the payment must be the amount due), and is closed when the invoice is cancelled or expires. Each captured payment counts towards the invoice (`amount_paid`, `payment_id`), once however often it is reported.',
  'In test mode: POST /v1/simulator/payments with `invoice_id` (instead of `order_id`; amount by default the amount due) answers `razorpay_order_id` and `razorpay_invoice_id` with the payment; before the order exists it answers 400 "The id provided does not exist (or the invoice is not issued yet)" (field `invoice_id`).',
].join(' ');

const AMOUNTS =
  "Every amount is computed by the platform in exact integers. Per line: `gross_amount` = unit amount × quantity. Tax exclusive: `taxable_amount` = gross, `tax_amount` = gross × rate rounded half up to the paisa. Tax inclusive: `taxable_amount` = gross / (1 + rate) rounded half up, `tax_amount` = gross − taxable. `net_amount` = taxable + tax. The invoice's `gross_amount`, `taxable_amount`, `tax_amount` and `amount` are the sums over its lines; `amount_due` = `amount` − `amount_paid`.";

const addressProperties = {
  id: { type: 'null' },
  type: { type: 'string', enum: [...ADDRESS_TYPES] },
  primary: { const: true },
  line1: { type: 'string' },
  line2: nullableString,
  zipcode: { type: 'string' },
  city: { type: 'string' },
  state: nullableString,
  country: { type: 'string' },
  contact: { type: 'null' },
  name: { type: 'null' },
  tag: { type: 'null' },
  landmark: { type: 'null' },
} satisfies Record<keyof AddressEntity, unknown>;

const customerDetailsProperties = {
  id: {
    ...nullableString,
    description:
      "The customer's id: the one given by `customer_id`, or the customer an inline `customer` was found as or made into; null for an inline customer with no name, email or contact, or a subscription's authorization invoice before it is paid.",
  },
  name: nullableString,
  email: nullableString,
  contact: nullableString,
  gstin: nullableString,
  customer_name: { ...nullableString, description: 'The same as `name`.' },
  customer_email: { ...nullableString, description: 'The same as `email`.' },
  customer_contact: { ...nullableString, description: 'The same as `contact`.' },
  customer_address: {
    oneOf: [ref('InvoiceAddress'), { type: 'null' }],
    description: 'The same as `billing_address`.',
  },
  billing_address: {
    oneOf: [ref('InvoiceAddress'), { type: 'null' }],
    description: 'Only an inline customer has addresses.',
  },
  shipping_address: { oneOf: [ref('InvoiceAddress'), { type: 'null' }] },
} satisfies Record<keyof InvoiceCustomerDetails, unknown>;

const lineItemProperties = {
  id: {
    type: 'string',
    examples: ['li_1Aa00000000001'],
    description:
      'Given by the platform when the line is written; it stays as the line is edited (PATCH `line_items[].id` names the line).',
  },
  item_id: {
    ...nullableString,
    description:
      'The catalogue item the line was copied from; null for an inline line. Editing or deleting the item later changes no invoice.',
  },
  ref_id: { type: 'null' },
  ref_type: { type: 'null' },
  name: { type: 'string' },
  description: nullableString,
  amount: integer('The unit amount, in the smallest currency unit.'),
  unit_amount: integer('The same as `amount`.'),
  gross_amount: integer('unit_amount × quantity.'),
  tax_amount: integer(
    'Tax exclusive: gross × rate, rounded half up; tax inclusive: gross − taxable.',
  ),
  taxable_amount: integer(
    'Tax exclusive: the gross amount; tax inclusive: gross / (1 + rate), rounded half up to the paisa.',
  ),
  net_amount: integer('What the customer pays for the line: taxable_amount + tax_amount.'),
  currency: { type: 'string' },
  type: {
    type: 'string',
    enum: [...LINE_ITEM_TYPES],
    description:
      "`invoice` for the lines written through this API; `plan`, `addon` and `discount` (an offer's discount, a negative amount) on a subscription's invoices.",
  },
  tax_inclusive: { type: 'boolean' },
  hsn_code: nullableString,
  sac_code: nullableString,
  tax_rate: {
    type: ['number', 'null'],
    enum: [...GST_RATES_PERCENT, null],
    description: 'Percent; null: untaxed.',
  },
  unit: nullableString,
  quantity: { type: 'integer', minimum: 1 },
  taxes: { type: 'array', maxItems: 0 },
} satisfies Record<keyof LineItemEntity, unknown>;

const invoiceProperties = {
  id: { type: 'string', examples: ['inv_1Aa00000000001'] },
  entity: { const: 'invoice' },
  type: {
    type: 'string',
    enum: [...INVOICE_TYPES],
    description: '`link`: a payment link (issuable without a customer).',
  },
  invoice_number: { ...nullableString, description: 'The same as `receipt`.' },
  receipt: nullableString,
  customer_id: {
    ...nullableString,
    description:
      "The billing customer the invoice is for (see `customer_details.id`); a subscription's invoices name the subscription's customer, its authorization invoice once that is paid.",
  },
  customer_details: {
    ...allRequired(customerDetailsProperties),
    description:
      'Copied when the invoice was written: changing the customer later changes no invoice. All null without a customer.',
  },
  order_id: {
    ...nullableString,
    examples: ['order_1Aa00000000001'],
    description: 'The order the invoice is paid through, from its issue on; null for a draft.',
  },
  subscription_id: {
    ...nullableString,
    description:
      "A subscription's cycle invoice: the subscription. Null for invoices made with this API.",
  },
  payment_id: {
    ...nullableString,
    description: 'The latest captured payment (the one that paid it, once paid).',
  },
  line_items: { type: 'array', items: ref('InvoiceLineItem') },
  status: { type: 'string', enum: STATUSES },
  expire_by: nullableInteger('Unix seconds: still unpaid then, the invoice expires.'),
  issued_at: nullableInteger('Unix seconds'),
  paid_at: nullableInteger('Unix seconds'),
  cancelled_at: nullableInteger('Unix seconds'),
  expired_at: nullableInteger('Unix seconds'),
  date: nullableInteger(
    'The date written on the invoice (Unix seconds); without one, its creation time (a draft has it too).',
  ),
  sms_status: {
    type: ['string', 'null'],
    enum: [...NOTIFICATION_STATUSES, null],
    description:
      '`pending` from the issue when `sms_notify` is on and the customer has a contact; `sent` once sent (by the platform right after the issue, or by notify_by/sms).',
  },
  email_status: {
    type: ['string', 'null'],
    enum: [...NOTIFICATION_STATUSES, null],
    description:
      '`pending` from the issue when `email_notify` is on and the customer has an email; `sent` once sent.',
  },
  partial_payment: { type: 'boolean' },
  first_payment_min_amount: {
    type: ['integer', 'null'],
    description:
      'Always null: an invoice sets no minimum for its first partial payment (each payment is at least 100, or all that is due).',
  },
  gross_amount: integer("The sum of the lines' gross amounts."),
  tax_amount: integer("The sum of the lines' tax amounts."),
  taxable_amount: integer("The sum of the lines' taxable amounts."),
  amount: integer("What the customer pays: the sum of the lines' net amounts (taxable + tax)."),
  amount_paid: integer('The sum of the captured payments.'),
  amount_due: integer('amount − amount_paid.'),
  currency: { type: 'string' },
  currency_symbol: {
    type: ['string', 'null'],
    examples: ['₹'],
    description: '₹, $, € or £; null for the other currencies.',
  },
  description: nullableString,
  short_url: {
    type: ['string', 'null'],
    format: 'uri',
    description:
      'The invoice page, `<public base URL>/i/<invoice id>`: an HTML page served by the gateway **without authentication**, to share with the customer (the id is unguessable). Null for a draft, which has no page.',
    examples: ['https://api.example.com/i/inv_1Aa00000000001'],
  },
  terms: { type: 'null' },
  comment: { type: 'null' },
  notes,
  view_less: { const: true },
  group_taxes_discounts: { const: false },
  billing_start: nullableInteger(
    "A subscription's cycle invoice: the start of the cycle billed (Unix seconds).",
  ),
  billing_end: nullableInteger(
    "A subscription's cycle invoice: the end of the cycle billed (Unix seconds).",
  ),
  created_at: integer('Unix seconds'),
  idempotency_key: { type: 'null' },
  ref_num: { type: 'null' },
  user_id: {
    type: 'null',
    description: 'The dashboard user who created the invoice: API keys act for no user.',
  },
  reminder_status: {
    type: 'null',
    description: 'No payment reminders are sent (a dashboard setting at Razorpay).',
  },
  subscription_status: {
    type: 'null',
    description: "Null, as in Razorpay's invoice samples, a subscription's invoice included.",
  },
  supply_state_code: {
    type: 'null',
    description: 'No GST place of supply is taken for an invoice.',
  },
} satisfies Record<keyof InvoiceEntity, unknown>;

const addressInput = (which: string) => ({
  type: 'object',
  additionalProperties: false,
  required: ['line1', 'zipcode', 'city', 'country'],
  description: `The ${which} address ("The ${which}_address must be an object.").`,
  properties: {
    line1: { type: 'string', minLength: 1, maxLength: 255 },
    line2: { type: 'string', maxLength: 255 },
    zipcode: {
      oneOf: [{ type: 'string', minLength: 2, maxLength: 10 }, { type: 'integer' }],
      description: 'A number is read as its digits.',
    },
    city: { type: 'string', minLength: 1, maxLength: 64 },
    state: { type: 'string', maxLength: 64 },
    country: { type: 'string', minLength: 2, maxLength: 64 },
  },
});

/** A line as POST writes it (and PATCH adds it). */
const lineInputProperties = {
  item_id: { type: 'string', pattern: '^item_[0-9A-Za-z]{14}$' },
  name: { type: 'string', minLength: 1, maxLength: 255 },
  description: { type: 'string', maxLength: 2048 },
  amount: amount('amount', 'The price of one unit.', 1),
  currency: {
    type: 'string',
    enum: [...SUPPORTED_CURRENCIES],
    description: "An inline line's currency; default: the invoice's.",
  },
  quantity: { type: 'integer', minimum: 1, maximum: MAX_QUANTITY, default: 1 },
  tax_rate: {
    enum: [...GST_RATES_PERCENT],
    description: `Percent, one of the GST slabs ("The tax_rate must be one of ${GST_RATES_PERCENT.join(', ')} (percent)."). Absent: untaxed.`,
  },
  tax_inclusive: {
    ...flag(
      'true: the amount includes the tax, which is carved out of it; false: the tax is added to it.',
    ),
  },
  hsn_code: { type: 'string', maxLength: 8 },
  sac_code: { type: 'string', maxLength: 6 },
  unit: { type: 'string', maxLength: 32 },
};

const LINES_RULES = `At most ${MAX_LINE_ITEMS} in all ("An invoice may have at most ${MAX_LINE_ITEMS} line items."). Each new line is an item of the catalogue (\`item_id\`: its name, description, amount and currency are copied, \`name\`, \`description\` and \`amount\` sent with it override them; an unknown item: "The id provided does not exist", an inactive one: "The item is inactive: activate it to invoice it.", field \`line_items[i].item_id\`) or written inline (\`name\` and \`amount\` required: "The name field is required when item_id is not sent.", "The amount field is required when item_id is not sent."). Every line must be in the invoice's currency ("The line_items[1] is in USD, not the invoice currency INR.").`;

/** The fields of POST, each optional for PATCH. */
const inputProperties = {
  type: {
    type: 'string',
    enum: [...INVOICE_TYPES],
    default: 'invoice',
    description: '"The type must be invoice or link."',
  },
  description: { type: 'string', maxLength: 2048 },
  customer_id: {
    type: 'string',
    pattern: '^cust_[0-9A-Za-z]{14}$',
    description:
      'One way to give the customer: an existing customer, whose name, email, contact and gstin are copied onto the invoice (an unknown id: "The id provided does not exist", field `customer_id`). Not with `customer` ("Send customer_id or customer, not both.", field `customer`).',
  },
  customer: {
    type: 'object',
    additionalProperties: false,
    description:
      "The other way: the customer written inline, with its addresses, kept on the invoice as sent. It is also the account's billing customer, made with the invoice (in the same step) or, when the account has a customer of the same email and contact, that one; the invoice's `customer_id` names it. A name alone always makes a new customer. Not with `customer_id`.",
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 255, examples: ['Gaurav Kumar'] },
      email: {
        type: 'string',
        format: 'email',
        maxLength: 64,
        description: 'Where email notifications go.',
      },
      contact: {
        oneOf: [{ type: 'string', pattern: '^\\+?[0-9]{8,15}$' }, { type: 'integer' }],
        description:
          '8 to 15 digits, optionally after a + ("The contact must be 8 to 15 digits, optionally starting with +."); where sms notifications go.',
        examples: ['+919000090000'],
      },
      gstin: {
        type: 'string',
        pattern: '^[0-9]{2}[0-9A-Za-z]{13}$',
        description:
          'The 2-digit state code, then 13 letters or digits ("The gstin is not a valid GSTIN.").',
      },
      billing_address: addressInput('billing'),
      shipping_address: addressInput('shipping'),
    },
  },
  line_items: {
    type: 'array',
    maxItems: MAX_LINE_ITEMS,
    description: `The invoice's lines, each new. ${LINES_RULES}`,
    items: { type: 'object', additionalProperties: false, properties: lineInputProperties },
  },
  currency,
  expire_by: {
    type: 'integer',
    minimum: 1,
    description:
      'Unix seconds, in the future on the account\'s clock ("The expire_by must be in the future."): an issued or partly paid invoice still unpaid then expires.',
  },
  date: {
    type: 'integer',
    minimum: 1,
    description: 'The date written on the invoice, Unix seconds. Default: the creation time.',
  },
  partial_payment: flag('Whether the customer may pay in parts.'),
  sms_notify: {
    ...flag("Send the invoice by sms to the customer's contact when it is issued."),
    default: true,
  },
  email_notify: {
    ...flag("Send the invoice by email to the customer's email when it is issued."),
    default: true,
  },
  receipt: {
    oneOf: [{ type: 'string', minLength: 1, maxLength: 40 }, { type: 'integer' }],
    description:
      'Your reference, also shown as `invoice_number`; a number is read as its digits. Unique per account and mode ("An invoice with this receipt already exists.", field `receipt`); a deleted draft frees it.',
    examples: ['INV-2025-0001'],
  },
  notes: notesInput({ project: 'AMC 2025' }),
};

const createExample = {
  customer: {
    name: 'Gaurav Kumar',
    email: 'gaurav.kumar@example.com',
    contact: '+919000090000',
    billing_address: {
      line1: '318, Palm Grove',
      line2: 'Indiranagar',
      zipcode: '560038',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'in',
    },
  },
  line_items: [
    { name: 'Annual maintenance', amount: 100000, tax_rate: 18, sac_code: '998713' },
    { name: 'Water filter cartridge', amount: 1000, quantity: 3, tax_rate: 5, tax_inclusive: true },
  ],
  currency: 'INR',
  description: 'Water purifier service, 2025',
  receipt: 'INV-2025-0001',
  expire_by: 1739615400,
  notes: { project: 'AMC 2025' },
};

const lineExample = {
  item_id: null,
  ref_id: null,
  ref_type: null,
  currency: 'INR',
  type: 'invoice',
  hsn_code: null,
  unit: null,
  taxes: [],
};

const exampleAddress = {
  id: null,
  type: 'billing_address',
  primary: true,
  line1: '318, Palm Grove',
  line2: 'Indiranagar',
  zipcode: '560038',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'in',
  contact: null,
  name: null,
  tag: null,
  landmark: null,
};

const createdExample = {
  id: 'inv_1Aa00000000001',
  entity: 'invoice',
  type: 'invoice',
  invoice_number: 'INV-2025-0001',
  receipt: 'INV-2025-0001',
  customer_id: null,
  customer_details: {
    id: null,
    name: 'Gaurav Kumar',
    email: 'gaurav.kumar@example.com',
    contact: '+919000090000',
    gstin: null,
    customer_name: 'Gaurav Kumar',
    customer_email: 'gaurav.kumar@example.com',
    customer_contact: '+919000090000',
    customer_address: exampleAddress,
    billing_address: exampleAddress,
    shipping_address: null,
  },
  order_id: 'order_1Aa00000000001',
  subscription_id: null,
  payment_id: null,
  line_items: [
    {
      ...lineExample,
      id: 'li_1Aa00000000001',
      name: 'Annual maintenance',
      description: null,
      amount: 100000,
      unit_amount: 100000,
      gross_amount: 100000,
      tax_amount: 18000,
      taxable_amount: 100000,
      net_amount: 118000,
      tax_inclusive: false,
      sac_code: '998713',
      tax_rate: 18,
      quantity: 1,
    },
    {
      ...lineExample,
      id: 'li_1Aa00000000002',
      name: 'Water filter cartridge',
      description: null,
      amount: 1000,
      unit_amount: 1000,
      gross_amount: 3000,
      tax_amount: 143,
      taxable_amount: 2857,
      net_amount: 3000,
      tax_inclusive: true,
      sac_code: null,
      tax_rate: 5,
      quantity: 3,
    },
  ],
  status: 'issued',
  expire_by: 1739615400,
  issued_at: 1736937000,
  paid_at: null,
  cancelled_at: null,
  expired_at: null,
  date: 1736937000,
  sms_status: 'pending',
  email_status: 'pending',
  partial_payment: false,
  first_payment_min_amount: null,
  gross_amount: 103000,
  tax_amount: 18143,
  taxable_amount: 102857,
  amount: 121000,
  amount_paid: 0,
  amount_due: 121000,
  currency: 'INR',
  currency_symbol: '₹',
  description: 'Water purifier service, 2025',
  short_url: 'https://api.example.com/i/inv_1Aa00000000001',
  terms: null,
  comment: null,
  notes: { project: 'AMC 2025' },
  view_less: true,
  group_taxes_discounts: false,
  billing_start: null,
  billing_end: null,
  created_at: 1736937000,
  idempotency_key: null,
  ref_num: null,
  user_id: null,
  reminder_status: null,
  subscription_status: null,
  supply_state_code: null,
};

export const invoiceSchemas = {
  Invoice: {
    type: 'object',
    required: Object.keys(invoiceProperties),
    description: `${AMOUNTS}\n\n${LIFECYCLE}\n\n${PAYING}`,
    properties: invoiceProperties,
  },
  InvoiceLineItem: allRequired(lineItemProperties),
  InvoiceAddress: allRequired(addressProperties),
  InvoiceCollection: collection('Invoice'),
  CreateInvoice: {
    type: 'object',
    additionalProperties: false,
    description: `Unknown fields are refused (400 naming the field). Without \`draft\` the invoice is issued at once, so it must be issuable: at least one line ("An invoice needs at least one line item to be issued."), an amount of at least ${MIN_INVOICE_AMOUNT} ("The invoice amount must be at least ${MIN_INVOICE_AMOUNT} (it is 50)."), and for \`type: invoice\` a customer ("The customer_id or customer is required to issue an invoice.", field \`customer_id\`). A draft needs none of these until it is issued. ${AMOUNTS}`,
    properties: {
      ...inputProperties,
      draft: {
        ...flag(
          '"1": keep the invoice a draft (no order, no page, no notification), to issue later; otherwise it is issued at once ("The draft must be \'1\' or \'0\'.").',
        ),
      },
    },
    examples: [createExample],
  },
  UpdateInvoice: {
    type: 'object',
    additionalProperties: false,
    description: `A draft takes any of the fields of a new invoice: those sent replace the invoice's (\`customer\` or \`customer_id\` whole; \`line_items\` edit the lines, see there), the others stay, and the result is checked as a whole (line currencies, \`expire_by\` in the future). An issued or partly paid invoice may change ${EDITABLE_WHEN_ISSUED} Any other field sent with a different value is refused, e.g. "The line_items cannot be changed once the invoice is issued: ${EDITABLE_WHEN_ISSUED}" (field named). A paid, cancelled or expired invoice cannot be edited at all ("A paid invoice cannot be edited.", "A cancelled invoice cannot be edited.", "An expired invoice cannot be edited."). An update that changes nothing records nothing.`,
    properties: {
      ...inputProperties,
      line_items: {
        type: 'array',
        maxItems: MAX_LINE_ITEMS,
        description: `Edits the lines (Razorpay's rule): a line sent with the \`id\` of one of the invoice's lines changes that line in place (the fields sent replace its own, the others and its id stay; an id the invoice does not have: "The id provided does not exist", field \`line_items.N.id\`); a line sent without \`id\` is added after the others; lines not named stay as they were. There is no way to remove a line from a draft through this API (Razorpay documents none): delete the draft and write it again. ${LINES_RULES}`,
        items: {
          type: 'object',
          additionalProperties: false,
          properties: {
            id: {
              type: 'string',
              pattern: '^li_[0-9A-Za-z]{14}$',
              description: 'The line to change; absent: a new line.',
            },
            ...lineInputProperties,
          },
        },
      },
    },
    examples: [
      { expire_by: 1740220200, notes: { project: 'AMC 2025', po: 'PO-7781' } },
      {
        line_items: [
          { id: 'li_1Aa00000000001', name: 'AMC 2025 (renewed)', quantity: 1 },
          { name: 'On-site visit', amount: 250000, currency: 'INR', quantity: 1 },
        ],
        notes: { project: 'AMC 2025' },
      },
    ],
  },
};

const invoiceResponse = (description: string) => ({
  '200': { description, ...json(ref('Invoice')) },
  ...errors,
});

const invoiceNames = { tag: 'Invoices', noun: 'invoice', schema: 'Invoice' };

export const invoicePaths = {
  '/v1/invoices': {
    post: {
      tags: ['Invoices'],
      summary: 'Create an invoice (issued at once, or a draft)',
      operationId: 'createInvoice',
      description: `${LIFECYCLE}\n\n${PAYING}`,
      requestBody: { required: true, ...json(ref('CreateInvoice')) },
      responses: answers(
        'The invoice, with its computed amounts; issued: with its `order_id` and `short_url`',
        { ...ref('Invoice'), examples: [createdExample] },
      ),
    },
    get: listOperation(
      invoiceNames,
      [
        ...page,
        optionalQuery(
          'type',
          'Only invoices (`invoice`) or only payment links (`link`). "The type must be invoice or link."',
          { type: 'string', enum: [...INVOICE_TYPES] },
        ),
        optionalQuery('payment_id', 'Only the invoice whose latest captured payment this is.'),
        optionalQuery('receipt', 'Only the invoice with this receipt (exact match).'),
        optionalQuery(
          'customer_id',
          'Only invoices for this customer (by `customer_id`, or an inline customer found as or made into it).',
        ),
        optionalQuery('subscription_id', 'Only the cycle invoices of this subscription.'),
      ],
      'Deleted drafts are not listed. Unknown query keys are ignored.',
    ),
  },
  '/v1/invoices/{id}': {
    get: {
      tags: ['Invoices'],
      summary: 'Fetch an invoice',
      operationId: 'fetchInvoice',
      parameters: [invoiceIdParameter],
      responses: invoiceResponse('The invoice'),
    },
    patch: {
      tags: ['Invoices'],
      summary: 'Update an invoice',
      operationId: 'updateInvoice',
      description: `A draft: any field. Issued or partly paid: ${EDITABLE_WHEN_ISSUED} A new \`expire_by\` moves the deadline.`,
      parameters: [invoiceIdParameter],
      requestBody: { required: true, ...json(ref('UpdateInvoice')) },
      responses: invoiceResponse('The invoice after the update, re-priced'),
    },
    delete: {
      tags: ['Invoices'],
      summary: 'Delete a draft invoice',
      operationId: 'deleteInvoice',
      description:
        'Drafts only ("Only a draft invoice can be deleted; this one is issued."). Answers `[]`; the invoice is gone from then on ("The id provided does not exist") and its receipt is free again.',
      parameters: [invoiceIdParameter],
      responses: answers('An empty array', { type: 'array', maxItems: 0 }),
    },
  },
  '/v1/invoices/{id}/issue': {
    post: {
      tags: ['Invoices'],
      summary: 'Issue a draft invoice',
      operationId: 'issueInvoice',
      description: `Drafts only ("Only a draft invoice can be issued; this one is issued."). The draft must be issuable: at least one line ("An invoice needs at least one line item to be issued."), an amount of at least ${MIN_INVOICE_AMOUNT} ("The invoice amount must be at least ${MIN_INVOICE_AMOUNT} (it is 50)."), a customer for \`type: invoice\` ("The customer_id or customer is required to issue an invoice."), and an \`expire_by\` still in the future ("The expire_by must be in the future."). Issuing gives the invoice its \`order_id\`, \`short_url\` and \`issued_at\`, and sends the notifications its flags ask for. No body.\n\n${PAYING}`,
      parameters: [invoiceIdParameter],
      responses: invoiceResponse('The issued invoice'),
    },
  },
  '/v1/invoices/{id}/cancel': {
    post: {
      tags: ['Invoices'],
      summary: 'Cancel an issued invoice',
      operationId: 'cancelInvoice',
      description:
        'Only an `issued` invoice, with no payment yet ("Only an issued invoice can be cancelled; this one is partially paid."). Its order takes no more payments. No body.',
      parameters: [invoiceIdParameter],
      responses: invoiceResponse('The cancelled invoice'),
    },
  },
  '/v1/invoices/{id}/notify_by/{medium}': {
    post: {
      tags: ['Invoices'],
      summary: 'Send an invoice to its customer by sms or email',
      operationId: 'notifyInvoice',
      description:
        'Sends a message with the amount due and the `short_url` now, then records `sms_status` or `email_status` `sent`. Not for a draft ("A draft invoice cannot be sent: issue it first."), nor a cancelled or expired invoice ("A cancelled invoice cannot be sent."); the customer needs the address ("The invoice\'s customer has no contact to send it to.", "The invoice\'s customer has no email to send it to.", field `medium`). Email goes out over SMTP when the service is configured with one, otherwise to the service log; sms always goes to the log. No body.',
      parameters: [
        invoiceIdParameter,
        {
          name: 'medium',
          in: 'path',
          required: true,
          description: '"The medium must be sms or email."',
          schema: { type: 'string', enum: ['sms', 'email'] },
        },
      ],
      responses: {
        '200': {
          description: 'Sent',
          ...json({
            type: 'object',
            required: ['success'],
            properties: { success: { const: true } },
          }),
        },
        ...errors,
      },
    },
  },
};

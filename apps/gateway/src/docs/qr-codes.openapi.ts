import {
  QR_CODE_CLOSE_REASONS,
  QR_CODE_STATUSES,
  QR_CODE_TYPES,
  QR_CODE_USAGES,
} from '@platform/contracts';
import type { QrCodeEntity } from '@platform/contracts';
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
  nullableString,
  optionalQuery,
  page,
  ref,
} from './openapi-parts';

/**
 * The payments service's QR code rules (apps/payments/src/qr-code/qr-code.decider.ts), written out:
 * the gateway may not import the payments app. Keep the two in step.
 */
const MIN_QR_PAYMENT = 100;
const CLOSE_BY_MAX = 2_147_483_647;
const SINGLE_USE_LIFETIME_DAYS = 45;
const NOT_ENABLED = 'UPI QR codes are not enabled for this account in this mode.';
const TROUBLE =
  'We are facing some trouble completing your request at the moment. Please try again shortly.';

const qrCodeIdParameter = idParameter('QR code', 'qr');

const taxInvoiceProperties = {
  number: {
    type: 'string',
    maxLength: 40,
    description:
      'The invoice number ("The tax_invoice.number may not be greater than 40 characters.").',
    examples: ['INV-001'],
  },
  date: {
    type: 'integer',
    minimum: 0,
    description:
      'The invoice date, Unix seconds ("The tax_invoice.date must be a Unix time (seconds).").',
  },
  customer_name: { type: 'string', maxLength: 100, examples: ['Gaurav Kumar'] },
  business_gstin: {
    type: 'string',
    pattern: '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$',
    description: 'Your GSTIN ("The tax_invoice.business_gstin is not a valid GSTIN.").',
    examples: ['29ABCDE1234F1Z5'],
  },
  gst_amount: {
    type: 'integer',
    minimum: 0,
    description:
      'In the smallest currency unit ("The tax_invoice.gst_amount must be an integer in the smallest currency unit.").',
    examples: [540],
  },
  cess_amount: {
    type: 'integer',
    minimum: 0,
    description:
      'In the smallest currency unit ("The tax_invoice.cess_amount must be an integer in the smallest currency unit.").',
  },
  supply_type: {
    type: 'string',
    enum: ['interstate', 'intrastate'],
    description: '"The tax_invoice.supply_type must be interstate or intrastate."',
  },
};

const qrCodeProperties = {
  id: { type: 'string', examples: ['qr_1Aa00000000001'] },
  entity: { const: 'qr_code' },
  created_at: { type: 'integer', description: 'Unix seconds' },
  name: {
    type: ['string', 'null'],
    description:
      'Shown to the payer by UPI apps (the payee name of the UPI intent; `Merchant` when null).',
    examples: ['Store Front'],
  },
  usage: {
    type: 'string',
    enum: [...QR_CODE_USAGES],
    description:
      '`single_use`: one payment, then the code closes (`close_reason` `paid`). `multiple_use`: any number of payments, until closed.',
  },
  type: {
    type: 'string',
    enum: [...QR_CODE_TYPES],
    description: '`upi_qr`: UPI payments only. `bharat_qr`: UPI and card payments.',
  },
  image_url: {
    type: 'string',
    format: 'uri',
    description: `The code as a PNG (480 px), served publicly by GET /qr/{file} (no key needed: it is meant to be printed and shared). It encodes a UPI intent URI any UPI app can pay: \`upi://pay?pa=<account id, lower case>@rzp&pn=<name, or Merchant>&tr=<QR code id>&am=<rupees with 2 decimals, fixed-amount codes only>&cu=INR&tn=<description, when set>\`. Bharat QR codes carry the same UPI intent.`,
    examples: ['https://api.example.com/qr/qr_1Aa00000000001.png'],
  },
  payment_amount: {
    type: ['integer', 'null'],
    description:
      'With `fixed_amount`: the only amount a payment on the code may have. null otherwise.',
    examples: [30000],
  },
  status: {
    type: 'string',
    enum: [...QR_CODE_STATUSES],
    description: '`active`: takes payments. `closed`: takes none (see `close_reason`).',
  },
  description: nullableString,
  fixed_amount: { type: 'boolean' },
  payments_amount_received: {
    type: 'integer',
    description:
      'The sum of the captured payments made on the code (QR code payments are captured at once; failed ones do not count).',
  },
  payments_count_received: {
    type: 'integer',
    description: 'How many captured payments were made on the code.',
  },
  notes,
  customer_id: { type: ['string', 'null'], examples: ['cust_1Aa00000000001'] },
  close_by: {
    type: ['integer', 'null'],
    description: 'Single-use codes: when the code closes by itself, Unix seconds.',
  },
  closed_at: { type: ['integer', 'null'], description: 'Unix seconds; null while active.' },
  close_reason: {
    enum: [...QR_CODE_CLOSE_REASONS, null],
    description: `null while active. \`paid\`: a single-use code after its payment. \`on_demand\`: closed with POST /v1/payments/qr_codes/{id}/close, or a single-use code whose time ran out (at its \`close_by\`, or ${SINGLE_USE_LIFETIME_DAYS} days after its creation without one).`,
  },
  tax_invoice: {
    anyOf: [{ type: 'object', properties: taxInvoiceProperties }, { type: 'null' }],
    description:
      'The GST details as sent at creation (only the fields sent); null when none were sent.',
  },
} satisfies Record<keyof QrCodeEntity, unknown>;

export const qrCodeSchemas = {
  QrCode: allRequired(qrCodeProperties),
  QrCodeCollection: collection('QrCode'),
  CreateQrCode: {
    type: 'object',
    additionalProperties: false,
    required: ['type'],
    description:
      'Unknown fields are refused (400 naming the field: "<field> is/are not required and should not be sent"), also inside `tax_invoice`.',
    properties: {
      type: {
        type: 'string',
        enum: [...QR_CODE_TYPES],
        description: `Required ("The type must be upi_qr or bharat_qr."). \`upi_qr\` takes UPI payments only, \`bharat_qr\` UPI and cards. UPI QR codes are an account feature, per mode: on by default in test mode, off in live mode until the platform's operator switches it on (admin API); without it: "${NOT_ENABLED}"`,
      },
      name: {
        type: 'string',
        maxLength: 100,
        description: 'Shown to the payer by UPI apps.',
        examples: ['Store Front'],
      },
      usage: {
        type: 'string',
        enum: [...QR_CODE_USAGES],
        default: 'multiple_use',
        description: `\`single_use\` codes need \`fixed_amount\` true ("A single_use QR code must have fixed_amount true."); they close after their payment, at \`close_by\`, or ${SINGLE_USE_LIFETIME_DAYS} days after their creation without one.`,
      },
      fixed_amount: flag(
        'Payments on the code must be exactly `payment_amount`; without it a payment may be any amount of at least 100 ("The fixed_amount must be true or false (or 1 or 0).").',
      ),
      payment_amount: amount(
        'payment_amount',
        'With `fixed_amount` only: required with it ("The payment_amount field is required when fixed_amount is true."), refused without it ("The payment_amount is allowed only when fixed_amount is true."); "The payment_amount must be at least 100.".',
        MIN_QR_PAYMENT,
      ),
      description: {
        type: 'string',
        maxLength: 255,
        description: 'Shown to the payer by UPI apps (the note of the UPI intent).',
      },
      customer_id: {
        type: 'string',
        description:
          'A customer of the account and mode; any other id is answered 400 "The id provided does not exist" (field `customer_id`).',
        examples: ['cust_1Aa00000000001'],
      },
      close_by: {
        oneOf: [
          { type: 'integer', minimum: 0, maximum: CLOSE_BY_MAX },
          { type: 'string', pattern: '^\\d{1,12}$' },
        ],
        description: `Single-use codes only ("The close_by is allowed only for single_use QR codes."): when the code closes by itself, Unix seconds (an integer string is read as that number; anything else: "The close_by must be a Unix time in seconds."). At least 15 minutes after the current time on the account's clock ("The close_by must be at least 15 minutes after the current time."), at most ${CLOSE_BY_MAX} ("The close_by may not be greater than ${CLOSE_BY_MAX}.").`,
      },
      notes: notesInput({ till: '4' }),
      tax_invoice: {
        type: 'object',
        additionalProperties: false,
        properties: taxInvoiceProperties,
        description:
          'GST details of a GST-compliant code, all optional: stored and returned as sent ("The tax_invoice must be an object.").',
        examples: [
          {
            number: 'INV-001',
            date: 1767225600,
            customer_name: 'Gaurav Kumar',
            business_gstin: '29ABCDE1234F1Z5',
            gst_amount: 540,
            cess_amount: 0,
            supply_type: 'intrastate',
          },
        ],
      },
    },
    examples: [
      {
        type: 'upi_qr',
        name: 'Store Front',
        usage: 'single_use',
        fixed_amount: true,
        payment_amount: 30000,
        description: 'Table 7',
        close_by: 1893456000,
        notes: { till: '4' },
      },
      { type: 'bharat_qr', name: 'Counter 1', usage: 'multiple_use' },
    ],
  },
  EditQrCodePayment: {
    type: 'object',
    additionalProperties: false,
    required: ['payment_id', 'notes'],
    description:
      'Changes the notes of one payment made on the code; they replace the notes it had. Any other field is refused (400 naming it: "<field> is/are not required and should not be sent").',
    properties: {
      payment_id: {
        type: 'string',
        description:
          'A payment made on this code ("The payment_id field is required."); any other payment, also one made on another code, is answered 400 "The id provided does not exist" (field `payment_id`).',
        examples: ['pay_1Aa00000000001'],
      },
      notes: {
        ...notesInput({ table: '7' }),
        description: `${notesInput().description} Required ("The notes field is required.").`,
      },
    },
    examples: [{ payment_id: 'pay_1Aa00000000001', notes: { table: '7' } }],
  },
};

const CREATE_QR_CODE = [
  'A code customers scan with a UPI app (or, for `bharat_qr`, pay by card). In test mode, POST /v1/simulator/payments with `qr_code_id` pays it as a scanning app would. A payment on a code is captured at once (with its `fee` and `tax`), adds to `payments_amount_received` and `payments_count_received`, and closes a single-use code (`close_reason` `paid`); it is refunded like any other payment.',
  'Rules, each refused with 400 naming its field:',
  `- \`upi_qr\` needs the account's UPI QR feature in the key's mode (on by default in test mode, off in live mode until the operator switches it on through the admin API): "${NOT_ENABLED}"`,
  '- "A single_use QR code must have fixed_amount true."',
  '- "The payment_amount field is required when fixed_amount is true." / "The payment_amount is allowed only when fixed_amount is true." / "The payment_amount must be at least 100."',
  `- "The close_by is allowed only for single_use QR codes." / "The close_by must be at least 15 minutes after the current time." / "The close_by may not be greater than ${CLOSE_BY_MAX}."`,
  '- a `customer_id` that is not a customer of the account and mode: "The id provided does not exist".',
  `A single-use code closes by itself when its time runs out, on the account's clock (test mode: POST /v1/simulator/clock/advance moves it): at its \`close_by\`, or ${SINGLE_USE_LIFETIME_DAYS} days after its creation without one, with \`close_reason\` \`on_demand\`. Multiple-use codes stay active until closed.`,
].join('\n\n');

const QR_PNG = {
  'image/png': { schema: { type: 'string', format: 'binary', contentMediaType: 'image/png' } },
};

const qrCodeNames = { tag: 'QR codes', noun: 'QR code', schema: 'QrCode' };

export const qrCodePaths = {
  '/v1/payments/qr_codes': {
    post: {
      tags: ['QR codes'],
      summary: 'Create a QR code',
      operationId: 'createQrCode',
      description: CREATE_QR_CODE,
      requestBody: { required: true, ...json(ref('CreateQrCode')) },
      responses: answers('The new QR code (status `active`)', ref('QrCode')),
    },
    get: listOperation(
      qrCodeNames,
      [
        ...page,
        optionalQuery('customer_id', 'Only the codes of this customer.'),
        optionalQuery(
          'payment_id',
          'Only the code this payment was made on (none for a payment not made on a code).',
        ),
      ],
      'Every QR code of the account and mode, closed ones included.',
    ),
  },
  '/v1/payments/qr_codes/{id}': {
    get: fetchOperation(qrCodeNames, [qrCodeIdParameter]),
  },
  '/v1/payments/qr_codes/{id}/close': {
    post: {
      tags: ['QR codes'],
      summary: 'Close a QR code',
      operationId: 'closeQrCode',
      description:
        'The code takes no more payments: `status` `closed`, `close_reason` `on_demand`. No body is needed. A code closed already, also by its payment or its time, is refused ("The QR code is already closed."); payments tried on a closed code are refused ("The QR code is closed and accepts no payments.").',
      parameters: [
        {
          ...qrCodeIdParameter,
          description: `The QR code id. An id that is not a QR code id at all (not \`qr_\` and 14 letters or digits) is answered 400 "${TROUBLE}"; a well-formed id of no code of the account and mode, 400 "The id provided does not exist".`,
        },
      ],
      responses: answers('The closed QR code', ref('QrCode')),
    },
  },
  '/v1/payments/qr_codes/{id}/payments': {
    get: {
      tags: ['QR codes'],
      summary: 'List the payments made on a QR code, newest first',
      operationId: 'listQrCodePayments',
      description:
        'Every payment tried on the code, failed ones included. The card object is not expanded here (use GET /v1/payments/{id}/card).',
      parameters: [qrCodeIdParameter, ...page],
      responses: answers("A page of the code's payments", ref('PaymentCollection')),
    },
    patch: {
      tags: ['QR codes'],
      summary: 'Edit the notes of a payment made on a QR code',
      operationId: 'editQrCodePayment',
      parameters: [qrCodeIdParameter],
      requestBody: { required: true, ...json(ref('EditQrCodePayment')) },
      responses: answers('The payment with its new notes', ref('Payment')),
    },
  },
  '/qr/{file}': {
    get: {
      tags: ['QR codes'],
      summary: 'The image of a QR code',
      operationId: 'fetchQrCodeImage',
      description:
        "What a QR code's `image_url` points at: the code as a PNG (480 px, error correction M), drawn from its UPI intent. **No authentication**: the image is meant to be printed and shared, and the id is unguessable; any code's image is served, closed codes included. Cached publicly for a day (`cache-control: public, max-age=86400`).",
      security: [],
      parameters: [
        {
          name: 'file',
          in: 'path',
          required: true,
          description: `\`<QR code id>.png\`. Any other file name (another prefix, another extension, a malformed id) is answered 400 "The requested URL was not found on the server."; a well-formed id of no code, 400 "The id provided does not exist".`,
          schema: { type: 'string', pattern: '^qr_[0-9A-Za-z]{14}\\.png$' },
          examples: { image: { value: 'qr_1Aa00000000001.png' } },
        },
      ],
      responses: {
        '200': { description: 'The PNG', content: QR_PNG },
        '400': {
          description: 'A file name that is not `<QR code id>.png`, or the id of no QR code',
          ...json(ref('Error')),
        },
      },
    },
  },
};

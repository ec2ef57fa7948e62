import {
  CARD_NETWORKS,
  CARD_SUB_TYPES,
  CARD_TYPES,
  PAYMENT_METHODS,
  REFUND_SPEEDS,
} from '@platform/contracts';
import type { CardEntity, PaymentEntity, PaymentUpiDetails } from '@platform/contracts';
import { SUPPORTED_CURRENCIES } from '@platform/http';
import {
  allRequired,
  amount,
  answers,
  collection,
  editNotesOperation,
  errors,
  fetchOperation,
  idParameter,
  json,
  listOperation,
  notes,
  notesEdit,
  notesInput,
  nullableString,
  page,
  ref,
} from './openapi-parts';

/** A refund of another payment is answered like an unknown id. */
const refundIdParameter = idParameter('refund', 'rfnd', 'refund_id');
const expandParameter = {
  name: 'expand[]',
  in: 'query',
  required: false,
  description:
    "`card`: include the card object in `card` (null for payments not made by card). `upi`: include how a UPI payment was made in `upi` (absent on payments of other methods). Both may be asked for at once. Every encoding clients use is read: `expand[]=card`, `expand[0]=card`, `expand=card`, and the official SDK's `expand[expand]=card` and `expand[expand][0]=card`. Other values (`emi`, `offers`…) are ignored.",
  schema: { type: 'array', items: { type: 'string', examples: ['card', 'upi'] } },
  style: 'form',
  explode: true,
};

const cardProperties = {
  id: { type: 'string', examples: ['card_1Aa00000000001'] },
  entity: { const: 'card' },
  name: { type: ['string', 'null'], description: 'The name on the card, as entered at checkout.' },
  last4: {
    type: 'string',
    pattern: '^[0-9]{4}$',
    description: 'The last four digits (the number and the CVV are never stored).',
    examples: ['1111'],
  },
  network: { type: 'string', enum: [...CARD_NETWORKS] },
  type: { type: 'string', enum: [...CARD_TYPES] },
  issuer: {
    type: ['string', 'null'],
    description:
      '4-character bank code (e.g. HDFC, ICIC, SBIN); null for cards issued abroad or by an unknown bank.',
  },
  international: { type: 'boolean', description: 'Issued outside India.' },
  emi: { type: 'boolean', description: 'EMI is possible on the card (credit cards).' },
  sub_type: { type: 'string', enum: [...CARD_SUB_TYPES] },
  token_iin: { type: 'null', description: 'Tokenised cards are not supported: always null.' },
} satisfies Record<keyof CardEntity, unknown>;

const upiProperties = {
  payer_account_type: {
    const: 'bank_account',
    description:
      "What the payer paid from: the test bank's UPI payers pay from a bank account (Razorpay also names `credit_card` and `wallet`, which its own apps produce).",
  },
  vpa: { type: 'string', description: "The payer's UPI address, as in the payment's `vpa`." },
  flow: {
    const: 'collect',
    description:
      'How the payment was asked for: a collect request sent to the VPA, the only flow the test bank has (Razorpay also names `intent` and `in_app`).',
  },
} satisfies Record<keyof PaymentUpiDetails, unknown>;

const paymentProperties = {
  id: { type: 'string', examples: ['pay_1Aa00000000001'] },
  entity: { const: 'payment' },
  amount: { type: 'integer', description: 'In the smallest currency unit.', examples: [50000] },
  currency: { type: 'string', enum: [...SUPPORTED_CURRENCIES] },
  status: {
    type: 'string',
    enum: ['authorized', 'captured', 'refunded', 'failed'],
    description:
      "`authorized`: the customer's money is held, not yet yours (capture it within 3 days, or it is refunded in full automatically). `captured`: yours (also after partial refunds). `refunded`: all of it went back (refunds, or the automatic refund of a payment never captured). `failed`: the instrument was declined (see the `error_*` fields).",
  },
  order_id: { type: ['string', 'null'], examples: ['order_1Aa00000000001'] },
  invoice_id: nullableString,
  terminal_id: {
    type: 'null',
    description:
      "The acquirer's terminal: null, as Razorpay shows it for ordinary online payments.",
  },
  international: { type: 'boolean', description: 'Paid with an instrument issued outside India.' },
  method: { type: 'string', enum: [...PAYMENT_METHODS] },
  amount_refunded: { type: 'integer', description: 'The sum of the refunds of the payment.' },
  refund_status: {
    enum: ['partial', 'full', null],
    description: 'null: nothing refunded; `partial`; `full`: amount_refunded reached the amount.',
  },
  captured: { type: 'boolean' },
  description: nullableString,
  card_id: {
    type: ['string', 'null'],
    description: 'The card of a card payment; null for other methods.',
  },
  card: {
    anyOf: [ref('Card'), { type: 'null' }],
    description:
      "Only with `expand[]=card` (and in the simulator's answer): the card object, null for payments not made by card.",
  },
  bank: { type: ['string', 'null'], description: 'Netbanking: the bank code (e.g. HDFC).' },
  wallet: { type: ['string', 'null'], description: 'Wallet payments: the wallet (e.g. paytm).' },
  vpa: { type: ['string', 'null'], description: "UPI payments: the customer's UPI address." },
  email: nullableString,
  contact: nullableString,
  customer_id: {
    type: ['string', 'null'],
    description:
      "The customer of what was paid: the QR code's `customer_id`, or the invoice's; null when it names none (a plain order).",
    examples: ['cust_1Aa00000000001'],
  },
  notes,
  fee: {
    type: ['integer', 'null'],
    description:
      'Set when the payment is captured (null before, and for failed payments). The platform fee is 2% of the amount plus 18% GST on it, and `fee` includes the GST: commission = round(2% × amount), tax = round(18% × commission), fee = commission + tax, each rounded half up. Example: 50000 → fee 1180 (tax 180).',
    examples: [1180],
  },
  tax: { type: ['integer', 'null'], description: 'The GST part of `fee`.', examples: [180] },
  error_code: {
    type: ['string', 'null'],
    description: 'Failed payments only.',
    examples: ['BAD_REQUEST_ERROR'],
  },
  error_description: {
    type: ['string', 'null'],
    examples: [
      'Your payment has been declined by your bank. Try another card or contact your bank.',
    ],
  },
  error_source: { type: ['string', 'null'], examples: ['bank', 'customer'] },
  error_step: { type: ['string', 'null'], examples: ['payment_authorization'] },
  error_reason: { type: ['string', 'null'], examples: ['payment_declined', 'payment_failed'] },
  acquirer_data: {
    type: 'object',
    additionalProperties: { type: ['string', 'null'] },
    description:
      'The references the acquirer gave: `auth_code` for cards, `rrn` and `upi_transaction_id` for UPI, `bank_transaction_id` for netbanking, `transaction_id` for wallets; `{}` for failed payments.',
    examples: [{ auth_code: '123456' }],
  },
  created_at: { type: 'integer', description: 'Unix seconds' },
  upi: {
    ...ref('PaymentUpi'),
    description:
      "UPI payments only, with `expand[]=upi` (and in the simulator's answer and in events): how the payment was made.",
  },
} satisfies Record<keyof PaymentEntity, unknown>;

export const paymentSchemas = {
  Payment: {
    type: 'object',
    required: Object.keys(paymentProperties).filter((name) => name !== 'card' && name !== 'upi'),
    properties: paymentProperties,
  },
  PaymentCollection: collection('Payment'),
  Card: allRequired(cardProperties),
  PaymentUpi: allRequired(upiProperties),
  CapturePayment: {
    type: 'object',
    additionalProperties: false,
    required: ['amount'],
    description:
      "A capture is of the whole authorized amount: both fields must be the payment's own. Unknown fields are refused (400 naming the field).",
    properties: {
      amount: amount(
        'amount',
        'Must equal the authorized amount ("Capture amount must be equal to the amount authorized (<amount>).").',
      ),
      currency: {
        type: 'string',
        enum: [...SUPPORTED_CURRENCIES],
        description:
          'Default: the payment\'s currency. Must be it ("The currency must be the payment currency (<currency>).").',
      },
    },
    examples: [{ amount: 50000, currency: 'INR' }],
  },
  EditPayment: notesEdit('payment', {
    input: { reason: 'goodwill' },
    sent: { delivery: 'shipped' },
  }),
  CreateRefund: {
    type: 'object',
    additionalProperties: false,
    description:
      'Every field is optional: `{}` (or no body at all, sent without a Content-Type) refunds everything still refundable, at normal speed. Unknown fields are refused (400 naming the field).',
    properties: {
      amount: amount(
        'amount',
        'Default: all that was captured and not yet refunded. May not be more than that ("The refund amount provided is greater than amount captured and not yet refunded (<left>)."). At least 100, unless it is exactly what is left ("The amount must be at least 100.").',
        1,
      ),
      speed: {
        type: 'string',
        enum: [...REFUND_SPEEDS],
        default: 'normal',
        description:
          "`optimum`: processed at once (`speed_processed` `instant`). `normal`: processed 5 days after creation, on the account's clock (test mode: POST /v1/simulator/clock/advance moves it).",
      },
      notes: notesInput({ reason: 'goodwill' }),
      receipt: { type: 'string', maxLength: 40, description: 'Your reference for the refund.' },
    },
    examples: [
      { amount: 10000, speed: 'optimum', notes: { reason: 'goodwill' }, receipt: 'refund#1' },
    ],
  },
};

const paymentNames = { tag: 'Payments', noun: 'payment', schema: 'Payment' };

export const paymentPaths = {
  '/v1/payments': {
    get: listOperation(
      paymentNames,
      [...page, expandParameter],
      'Every payment of the account and mode, failed ones included.',
    ),
  },
  '/v1/payments/{id}': {
    get: fetchOperation(paymentNames, [idParameter('payment', 'pay'), expandParameter]),
    patch: editNotesOperation(paymentNames, [idParameter('payment', 'pay')]),
  },
  '/v1/payments/{id}/capture': {
    post: {
      tags: ['Payments'],
      summary: 'Capture an authorized payment',
      operationId: 'capturePayment',
      description: [
        "Makes an `authorized` payment yours: `captured`, with its `fee` and `tax` (2% + 18% GST on it; `fee` includes the GST). A payment on an order adds to the order's `amount_paid`, and the order becomes `paid` when that covers its amount.",
        "Payments are left authorized unless their order was created with `payment_capture` 1 (the default is 0). The capture window is 3 days from the payment's creation, on the account's clock: a payment not captured by then is refunded in full automatically (a refund at `optimum` speed).",
        'Refused with 400:',
        '- "This payment has failed and cannot be captured."',
        '- "This payment has already been captured."',
        '- "This payment was not captured within its capture window and has been refunded."',
        '- "This payment can no longer be captured: its capture window of 3 days has ended, and it is refunded automatically."',
        '- "The currency must be the payment currency (<currency>)." / "Capture amount must be equal to the amount authorized (<amount>)."',
        '- its order is already paid by another payment: "The order has already been paid: this payment cannot be captured. It is refunded automatically when its capture window ends.", or the capture would exceed what the order still has due: "Capturing this payment would exceed the order amount due (<due>)."',
      ].join('\n\n'),
      parameters: [idParameter('payment', 'pay')],
      requestBody: { required: true, ...json(ref('CapturePayment')) },
      responses: answers('The captured payment', ref('Payment')),
    },
  },
  '/v1/payments/downtimes': {
    get: {
      tags: ['Payments'],
      summary: 'List payment downtimes',
      operationId: 'listPaymentDowntimes',
      description:
        "The methods and banks whose payments fail for now, as Razorpay's acquirers report them. The platform's one acquirer, the test bank, is never down: the list is always empty.",
      responses: answers('No downtimes', {
        type: 'object',
        required: ['entity', 'count', 'items'],
        properties: {
          entity: { const: 'collection' },
          count: { const: 0 },
          items: { type: 'array', maxItems: 0 },
        },
      }),
    },
  },
  '/v1/payments/downtimes/{id}': {
    get: {
      tags: ['Payments'],
      summary: 'Fetch a payment downtime',
      operationId: 'fetchPaymentDowntime',
      description:
        'There are no downtimes: every id is answered 400 "The id provided does not exist".',
      parameters: [
        {
          name: 'id',
          in: 'path',
          required: true,
          description: 'The downtime id.',
          schema: { type: 'string' },
        },
      ],
      responses: errors,
    },
  },
  '/v1/payments/{id}/card': {
    get: {
      tags: ['Payments'],
      summary: 'Fetch the card of a payment',
      operationId: 'fetchPaymentCard',
      description: 'A payment not made by card is answered 400 "payment was not done using card".',
      parameters: [idParameter('payment', 'pay')],
      responses: answers('The card the payment was made with', ref('Card')),
    },
  },
  '/v1/payments/{id}/refund': {
    post: {
      tags: ['Refunds'],
      summary: 'Refund a captured payment',
      operationId: 'refundPayment',
      description: [
        "Gives all or part of a captured payment back. Several refunds may add up to the captured amount; the payment's `amount_refunded` and `refund_status` follow, and its status becomes `refunded` when everything went back.",
        "The refund starts `pending` and becomes `processed` (with its `acquirer_data.arn`): at once at `optimum` speed, 5 days after its creation at `normal` speed, on the account's clock.",
        'Refused with 400: "Only captured payments can be refunded." (authorized or failed payments; an authorized payment is refunded by itself when its capture window ends), "The payment has been fully refunded already.", and amounts more than what is left.',
      ].join('\n\n'),
      parameters: [idParameter('payment', 'pay')],
      requestBody: { required: false, ...json(ref('CreateRefund')) },
      responses: answers('The new refund (status `pending`)', ref('Refund')),
    },
  },
  '/v1/payments/{id}/refunds': {
    get: {
      tags: ['Refunds'],
      summary: 'List the refunds of a payment, newest first',
      operationId: 'listPaymentRefunds',
      parameters: [idParameter('payment', 'pay'), ...page],
      responses: answers("A page of the payment's refunds", ref('RefundCollection')),
    },
  },
  '/v1/payments/{id}/refunds/{refund_id}': {
    get: {
      tags: ['Refunds'],
      summary: 'Fetch a refund of a payment',
      operationId: 'fetchPaymentRefund',
      parameters: [idParameter('payment', 'pay'), refundIdParameter],
      responses: answers('The refund', ref('Refund')),
    },
  },
};

import {
  DISPUTE_PHASES,
  DISPUTE_REASONS,
  NETBANKING_BANKS,
  PAYMENT_METHODS,
  WALLETS,
} from '@platform/contracts';
import type { TestClockEntity } from '@platform/contracts';
import { SUPPORTED_CURRENCIES } from '@platform/http';
import { MAX_ADVANCE_SECONDS } from '../test-clock/test-clock.routes';
import {
  allRequired,
  amount,
  answers,
  errors,
  idParameter,
  json,
  notesInput,
  ref,
} from './openapi-parts';

/**
 * The payments service's test instruments (apps/payments/src/test-bank/test-instruments.ts), written
 * out: the gateway may not import the payments app. Keep the two in step.
 */
const TEST_INSTRUMENTS = `### Test instruments

The instrument decides the outcome.

**Cards** (\`method: card\`). Expiry: any month not in the past (on the account's clock; two-digit years are 20xx). CVV: 3 digits, 4 for American Express.

| Number | Network | Type | Issuer | Outcome |
|---|---|---|---|---|
| 4111111111111111 | Visa | credit | HDFC | succeeds |
| 5267318187975449 | MasterCard | debit | ICIC | succeeds |
| 6521000000000007 | RuPay | debit | SBIN | succeeds |
| 378282246310005 | American Express | credit | – | succeeds (4-digit CVV) |
| 4012888888881881 | Visa | credit | – (issued abroad) | succeeds; the payment is \`international\` |
| 4000000000000002 | Visa | credit | HDFC | declined by the bank: 400, the payment is \`failed\` (source \`bank\`, reason \`payment_declined\`) |
| 4000000000000259 | Visa | credit | HDFC | succeeds; once the payment is captured, its bank disputes all of it: a dispute (reason \`product_not_received\`, phase \`chargeback\`, status \`open\`) appears in GET /v1/disputes moments later (a payment refunded in full before has nothing to dispute) |

Any other Luhn-valid card number (12 to 19 digits) succeeds: network from its prefix (34, 37: American Express; 36, 38, 300–305: Diners Club; 508, 60, 65, 81, 82: RuPay; 51–55, 2221–2720: MasterCard; 50, 56–59, 63, 67: Maestro; 4: Visa; else Unknown), type credit, no issuer, not international. A number that is not Luhn-valid is refused ("The card number is invalid.").

**UPI** (\`method: upi\`, \`vpa\`):

| VPA | Outcome |
|---|---|
| success@razorpay | succeeds |
| failure@razorpay | fails: 400, the payment is \`failed\` (source \`customer\`, reason \`payment_failed\`) |

Any other valid UPI address (name@bank) succeeds as well.

**Netbanking** (\`method: netbanking\`, \`bank\`): HDFC, ICIC, SBIN, UTIB, KKBK, YESB, PUNB, BARB. All succeed; any other bank is refused.

**Wallets** (\`method: wallet\`, \`wallet\`): paytm, phonepe, amazonpay, freecharge, mobikwik, airtelmoney, jiomoney, olamoney. All succeed; any other wallet is refused.`;

const SIMULATE_PAYMENT = [
  'Test mode\'s checkout: pays an order as Razorpay Checkout would, or a QR code as a UPI app scanning it would, with a test instrument. **Test keys only**: a live key is answered 400 "The simulator works with test mode keys only: live payments come from a real checkout.". Send exactly one of `order_id`, `qr_code_id`, `invoice_id` and `subscription_id` ("Send exactly one of order_id, qr_code_id, invoice_id or subscription_id: what this payment pays.", field `order_id`). An `invoice_id` pays the invoice\'s order (opened in payments a moment after the invoice is issued; until then "The id provided does not exist (or the invoice is not issued yet)", field `invoice_id`); the answer then also carries `razorpay_invoice_id`.',
  "**An order** (`order_id`): the payment is for the order's amount due unless `amount` says otherwise (partial payments: see `partial_payment` on the order), in the order's currency. It counts as an attempt on the order, also when it fails. It stays `authorized` until captured with POST /v1/payments/{id}/capture — unless the order was created with `payment_capture` 1, in which case it is captured at once (and the order may become `paid`). A payment not captured within 3 days is refunded in full automatically.",
  '**A subscription\'s authorization** (`subscription_id`): pays the subscription\'s authorization order (known to payments a moment after the subscription is created; until then, or for an unknown id, "The id provided does not exist (or the subscription is not known to payments yet)", field `subscription_id`), in its currency, for its amount: without `start_at` the first invoice (plan × quantity plus the upfront add-ons), which the payment pays; with `start_at`, the invoice of its upfront add-ons when it has some, else a token payment of 100, refunded in full at once. The payment is captured at once and its instrument (card, UPI address, bank or wallet; never the card number) is saved: the subscription\'s later cycles are charged with it automatically. A subscription already authorized takes no second authorization ("The subscription is already authorized."). A declining instrument saves nothing: the subscription stays `created` (its `auth_attempts` grows) and can be authorized with another one. The answer is `{razorpay_payment_id, razorpay_subscription_id, razorpay_signature, payment}`.',
  '**A QR code** (`qr_code_id`): the payment is in INR, for the code\'s `payment_amount` unless `amount` says otherwise; a fixed-amount code takes only its `payment_amount` ("The amount must be the QR code\'s payment_amount (<payment_amount>)."), any other code needs `amount` ("The amount field is required: this QR code has no fixed amount."), at least 100. A `upi_qr` code takes only `upi` payments, a `bharat_qr` code `upi` and `card` ("This QR code accepts only upi payments." / "This QR code accepts only upi and card payments.", field `method`); a closed code none ("The QR code is closed and accepts no payments."). The payment is **captured at once** (with its `fee` and `tax`; its `order_id` is null) and credited to the code: `payments_amount_received` and `payments_count_received` grow, and a single-use code closes (`close_reason` `paid`). A declined payment is recorded as `failed` and leaves the code as it was; it is listed with the code\'s payments.',
  '**Success (200)**: what Checkout (or the UPI app) hands your page, with the payment (its `card` object included). For an order: `{razorpay_payment_id, razorpay_order_id, razorpay_signature, payment}`; the gateway adds `razorpay_signature`: the hex HMAC-SHA256 of `order_id|payment_id` (`razorpay_order_id + "|" + razorpay_payment_id`) keyed with your key secret, so the SDK\'s `validatePaymentVerification` accepts it. For a subscription: `{razorpay_payment_id, razorpay_subscription_id, razorpay_signature, payment}`, the signature the hex HMAC-SHA256 of `payment_id|subscription_id` (`razorpay_payment_id + "|" + razorpay_subscription_id`, the reverse order) keyed with your key secret. For a QR code: `{razorpay_payment_id, razorpay_qr_code_id, payment}`, without a signature.',
  "**Declined (400)**: a declining instrument is answered like Checkout's failure callback: the error envelope with `source`, `step` and `reason` filled and `metadata` = `{payment_id, order_id}` (`{payment_id, qr_code_id}` for a QR code; a subscription's authorization order for a subscription). The payment is recorded as `failed` (with its `error_*` fields) and is listed with the order's (or the code's) payments.",
  'Other 400s: an unknown order or QR code ("The id provided does not exist", field `order_id` or `qr_code_id`), a currency other than the order\'s ("The currency must be the order currency (<currency>).") or, for a QR code, other than INR ("The currency must be INR: QR codes take rupees."), an amount the order does not allow ("The payment amount must be the order amount due (<due>)." and the like), a paid order ("The order has already been paid."), a missing or invalid instrument ("The card field is required when method is card.", "The bank must be one of …").',
  TEST_INSTRUMENTS,
].join('\n\n');

const SIMULATE_DISPUTE = [
  'Test mode\'s bank: the customer\'s bank disputes a captured payment of the account. **Test keys only**: a live key is answered 400 "The simulator works with test mode keys only.". (The dispute test card 4000000000000259 raises one by itself once its payment is captured.)',
  `The dispute starts \`open\`, with \`respond_by\` 7 days later on the account's clock: accept it (POST /v1/disputes/{id}/accept) or contest it (PATCH /v1/disputes/{id}/contest) before then, or it is lost. A payment may be disputed several times, as long as the disputes add up to at most what was captured and not refunded.`,
  'Refused with 400:',
  '- "The payment_id field is required: the captured payment disputed."; a payment of another account or mode, or no payment: "The id provided does not exist"',
  '- a payment not captured (authorized, failed, or refunded automatically before capture): "Only captured payments can be disputed."',
  '- nothing left to dispute: "Nothing of this payment can be disputed: it was refunded or disputed in full."; an `amount` more than what is left: "The dispute amount may not be greater than the amount captured and neither refunded nor disputed (<left>)."',
  '- an unknown `reason_code` ("The reason_code must be one of …") or `phase` ("The phase must be one of fraud, retrieval, chargeback, pre_arbitration, arbitration.")',
].join('\n\n');

const ADVANCE_CLOCK = [
  'Moves the test-mode clock of your account forward by `seconds` (it never goes back). Every test key of the account shares it; live mode always runs on real time. **Test keys only**: a live key is answered 400 "The test clock exists in test mode only: use a test key (rzp_test_…).".',
  'Test-mode requests then run at the moved time (`created_at` of new entities, card expiry, QR code `close_by`, dispute `respond_by`), and the scheduled work that became due runs shortly after: authorized payments whose 3-day capture window ended are refunded in full, `normal` refunds older than 5 days are processed, single-use QR codes past their `close_by` (or 45 days old without one) close, open disputes past their `respond_by` are lost, disputes under review for 3 days are decided, and subscriptions bill and charge their cycles at `charge_at`, retry failed charges and expire at `expire_by`.',
  'The body holds only `seconds` (any other field: "<field> is/are not required and should not be sent"); "The seconds field is required.", "The seconds must be an integer." (numbers only, not strings), ' +
    `"The seconds must be between 1 and ${MAX_ADVANCE_SECONDS} (ten years)."`,
].join('\n\n');

const DECLINE_CHARGES = [
  "Test mode's bank for a subscription's automatic charges: the next `count` charges of the subscription's cycles (each cycle's charge and each retry of it) are declined; each decline uses one up, and `count` 0 clears the switch. It does not touch the authorization payment (pay that with a declining test instrument instead). **Test keys only**: a live key is answered 400 \"The simulator works with test mode keys only: live payments come from a real checkout.\".",
  "A declined charge is recorded as a `failed` payment of the cycle invoice's order (source `bank`, reason `payment_declined`) and the subscription goes `pending`, to be retried 1, 2 and 3 days after each failure in turn; 4 declines in a row (the charge and its 3 retries) halt it. Advance the clock (POST /v1/simulator/clock/advance) to reach the charges.",
  'Refused with 400: an unknown subscription, or one payments does not know yet ("The id provided does not exist"); "The count must be an integer.", "The count must be between 0 and 12."; any other field (named).',
].join('\n\n');

/** The test card that always succeeds, as the examples send it. */
const successfulCard = {
  number: '4111111111111111',
  name: 'Gaurav Kumar',
  expiry_month: 12,
  expiry_year: 2035,
  cvv: '123',
};

const cardDeclined = {
  error: {
    code: 'BAD_REQUEST_ERROR',
    description:
      'Your payment has been declined by your bank. Try another card or contact your bank.',
    source: 'bank',
    step: 'payment_authorization',
    reason: 'payment_declined',
    metadata: { payment_id: 'pay_1Aa00000000002', order_id: 'order_1Aa00000000001' },
  },
};
const upiFailed = {
  error: {
    code: 'BAD_REQUEST_ERROR',
    description: 'The UPI payment failed: the customer did not approve it in their UPI app.',
    source: 'customer',
    step: 'payment_authorization',
    reason: 'payment_failed',
    metadata: { payment_id: 'pay_1Aa00000000003', order_id: 'order_1Aa00000000001' },
  },
};

const testClockProperties = {
  entity: { const: 'test_clock' },
  account_id: { type: 'string' },
  offset_seconds: {
    type: 'integer',
    minimum: 0,
    description:
      "How far the account's test clock runs ahead of real time: the sum of every advance.",
  },
  now: {
    type: 'integer',
    description: "The account's test clock after the advance, Unix seconds.",
  },
} satisfies Record<keyof TestClockEntity, unknown>;

export const simulatorSchemas = {
  SimulatePayment: {
    type: 'object',
    additionalProperties: false,
    required: ['method'],
    oneOf: [
      { required: ['order_id'] },
      { required: ['qr_code_id'] },
      { required: ['invoice_id'] },
      { required: ['subscription_id'] },
    ],
    description:
      'What checkout (or a UPI app scanning a QR code) would send: exactly one of `order_id`, `qr_code_id`, `invoice_id` and `subscription_id` ("Send exactly one of order_id, qr_code_id, invoice_id or subscription_id: what this payment pays."). The field of the chosen method is required ("The <field> field is required when method is <method>."); the fields of the other methods are not used (but still validated). Unknown fields are refused (400 naming the field).',
    properties: {
      order_id: {
        type: 'string',
        description: 'The order to pay.',
        examples: ['order_1Aa00000000001'],
      },
      qr_code_id: {
        type: 'string',
        description: 'The QR code to pay (the payment is captured at once).',
        examples: ['qr_1Aa00000000001'],
      },
      invoice_id: {
        type: 'string',
        description:
          'The billing invoice to pay, through its order (captured at once; partial payments as the invoice allows).',
        examples: ['inv_1Aa00000000001'],
      },
      subscription_id: {
        type: 'string',
        description:
          'The subscription to authorize, through its authorization order (captured at once; a token payment is refunded at once). The instrument is saved to charge the later cycles.',
        examples: ['sub_1Aa00000000001'],
      },
      method: {
        type: 'string',
        enum: [...PAYMENT_METHODS],
        description: 'A `upi_qr` code takes `upi` only; a `bharat_qr` code `upi` and `card`.',
      },
      amount: amount(
        'amount',
        "Orders: default the order's amount due; without partial payments it must be exactly the amount due, with them at most the amount due and at least first_payment_min_amount (first payment) or 100, unless it pays all that is due. QR codes: default the code's payment_amount, which a fixed-amount code requires; required for any other code.",
      ),
      currency: {
        type: 'string',
        enum: [...SUPPORTED_CURRENCIES],
        description:
          'Default and only value allowed: the order\'s currency ("The currency must be the order currency (<currency>)."), INR for a QR code ("The currency must be INR: QR codes take rupees.").',
      },
      card: ref('SimulatedCard'),
      vpa: {
        type: 'string',
        description:
          "method upi: the customer's UPI address (case-insensitive, stored lower case).",
        examples: ['success@razorpay'],
      },
      bank: {
        type: 'string',
        enum: [...NETBANKING_BANKS],
        description: 'method netbanking: the bank code (case-insensitive).',
      },
      wallet: {
        type: 'string',
        enum: [...WALLETS],
        description: 'method wallet (case-insensitive).',
      },
      email: { type: 'string', format: 'email', examples: ['gaurav.kumar@example.com'] },
      contact: {
        oneOf: [{ type: 'string', pattern: '^\\+?[0-9]{8,15}$' }, { type: 'integer' }],
        description: '8 to 15 digits, optionally starting with +.',
        examples: ['+919000090000'],
      },
      description: { type: 'string', maxLength: 255 },
      notes: notesInput({ source: 'simulator' }),
    },
    examples: [
      {
        order_id: 'order_1Aa00000000001',
        method: 'card',
        card: successfulCard,
      },
      { order_id: 'order_1Aa00000000001', method: 'upi', vpa: 'success@razorpay' },
      { order_id: 'order_1Aa00000000001', method: 'netbanking', bank: 'HDFC' },
      { order_id: 'order_1Aa00000000001', method: 'wallet', wallet: 'paytm' },
      { qr_code_id: 'qr_1Aa00000000001', method: 'upi', vpa: 'success@razorpay', amount: 30000 },
      {
        subscription_id: 'sub_1Aa00000000001',
        method: 'card',
        card: successfulCard,
      },
    ],
  },
  SimulatedCard: {
    type: 'object',
    additionalProperties: false,
    required: ['number', 'expiry_month', 'expiry_year', 'cvv'],
    description:
      'The card as checkout collects it. Only its last 4 digits, network, type, issuer and flags are kept; never the number or the CVV.',
    properties: {
      number: {
        type: 'string',
        pattern: '^[\\d ]{12,23}$',
        description: '12 to 19 digits, spaces allowed; must pass the Luhn check.',
        examples: ['4111111111111111'],
      },
      name: { type: 'string', maxLength: 100, examples: ['Gaurav Kumar'] },
      expiry_month: {
        oneOf: [
          { type: 'integer', minimum: 1, maximum: 12 },
          { type: 'string', pattern: '^\\d{1,4}$' },
        ],
        examples: [12],
      },
      expiry_year: {
        oneOf: [
          { type: 'integer', minimum: 0, maximum: 9999 },
          { type: 'string', pattern: '^\\d{1,4}$' },
        ],
        description:
          '2030 or 30 (two-digit years are 20xx). A card is valid through the last day of its expiry month ("The card has expired.").',
        examples: [2035],
      },
      cvv: {
        oneOf: [{ type: 'string', pattern: '^\\d{3,4}$' }, { type: 'integer' }],
        description: '3 digits; 4 for American Express ("The card cvv must be 3 digits.").',
        examples: ['123'],
      },
    },
  },
  CheckoutAnswer: {
    type: 'object',
    required: ['razorpay_payment_id', 'payment'],
    oneOf: [
      { required: ['razorpay_order_id', 'razorpay_signature'] },
      { required: ['razorpay_subscription_id', 'razorpay_signature'] },
      { required: ['razorpay_qr_code_id'] },
    ],
    description:
      "An order's payment: `razorpay_order_id` and `razorpay_signature`. A subscription's authorization: `razorpay_subscription_id` and `razorpay_signature`. A QR code's payment: `razorpay_qr_code_id`, and no signature.",
    properties: {
      razorpay_payment_id: { type: 'string', examples: ['pay_1Aa00000000002'] },
      razorpay_order_id: {
        type: 'string',
        description: 'Payments of an order.',
        examples: ['order_1Aa00000000001'],
      },
      razorpay_qr_code_id: {
        type: 'string',
        description: 'Payments of a QR code.',
        examples: ['qr_1Aa00000000001'],
      },
      razorpay_invoice_id: {
        type: 'string',
        description:
          'Payments of a billing invoice (with its razorpay_order_id and razorpay_signature).',
        examples: ['inv_1Aa00000000001'],
      },
      razorpay_subscription_id: {
        type: 'string',
        description: "A subscription's authorization payment (without razorpay_order_id).",
        examples: ['sub_1Aa00000000001'],
      },
      razorpay_signature: {
        type: 'string',
        pattern: '^[0-9a-f]{64}$',
        description:
          "Payments of an order: hex HMAC-SHA256 of `razorpay_order_id|razorpay_payment_id`; a subscription's authorization: of `razorpay_payment_id|razorpay_subscription_id`; keyed with the key secret of the request.",
      },
      payment: {
        ...ref('Payment'),
        description: 'The payment, with its `card` object (null when not paid by card).',
      },
    },
  },
  DeclineSubscriptionCharges: {
    type: 'object',
    additionalProperties: false,
    required: ['count'],
    properties: {
      count: {
        type: 'integer',
        minimum: 0,
        maximum: 12,
        description: 'How many of the next automatic charges to decline; 0 clears the switch.',
        examples: [4],
      },
    },
    examples: [{ count: 4 }],
  },
  SubscriptionChargeDeclines: {
    type: 'object',
    required: ['subscription_id', 'declines_remaining'],
    properties: {
      subscription_id: { type: 'string', examples: ['sub_1Aa00000000001'] },
      declines_remaining: {
        type: 'integer',
        minimum: 0,
        maximum: 12,
        description: 'How many of the next automatic charges will be declined: the `count` sent.',
      },
    },
  },
  AdvanceTestClock: {
    type: 'object',
    additionalProperties: false,
    required: ['seconds'],
    properties: {
      seconds: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_ADVANCE_SECONDS,
        description: 'How far to move the clock (at most ten years per call).',
        examples: [259200],
      },
    },
    examples: [{ seconds: 259200 }],
  },
  TestClock: allRequired(testClockProperties),
  SimulateDispute: {
    type: 'object',
    additionalProperties: false,
    required: ['payment_id'],
    description:
      'Unknown fields are refused (400 naming the field: "<field> is/are not required and should not be sent").',
    properties: {
      payment_id: {
        type: 'string',
        description: 'The captured payment disputed.',
        examples: ['pay_1Aa00000000001'],
      },
      amount: amount(
        'amount',
        'Default: all that can still be disputed (captured, and neither refunded nor disputed already); at most that.',
        1,
      ),
      reason_code: {
        type: 'string',
        enum: Object.keys(DISPUTE_REASONS),
        default: 'general',
        description: Object.entries(DISPUTE_REASONS)
          .map(([code, description]) => `\`${code}\`: ${description}`)
          .join(' '),
      },
      phase: {
        type: 'string',
        enum: [...DISPUTE_PHASES],
        default: 'chargeback',
        description:
          '`fraud` and `retrieval` disputes only ask for information: submitting evidence closes them.',
      },
    },
    examples: [
      {
        payment_id: 'pay_1Aa00000000001',
        amount: 20000,
        reason_code: 'product_not_received',
        phase: 'chargeback',
      },
      { payment_id: 'pay_1Aa00000000001' },
    ],
  },
};

export const simulatorPaths = {
  '/v1/simulator/payments': {
    post: {
      tags: ['Test mode'],
      summary:
        "Pay an order, a QR code, an invoice or a subscription's authorization with a test instrument",
      operationId: 'simulatePayment',
      description: SIMULATE_PAYMENT,
      requestBody: { required: true, ...json(ref('SimulatePayment')) },
      responses: {
        '200': {
          description:
            "The payment went through (authorized, or captured with the order's payment_capture; QR code, invoice and subscription authorization payments are always captured)",
          ...json(ref('CheckoutAnswer')),
        },
        ...errors,
        '400': {
          description:
            "A declining instrument (the payment is recorded as `failed`; `metadata` holds its id and the order's or the QR code's), invalid input, an unknown order, QR code or subscription, a subscription already authorized, an amount the order or the code does not allow, a closed QR code, or a live key",
          content: {
            'application/json': {
              schema: ref('Error'),
              examples: {
                cardDeclined: { summary: 'Card 4000000000000002', value: cardDeclined },
                upiFailed: { summary: 'UPI failure@razorpay', value: upiFailed },
                subscriptionAuthorized: {
                  summary: 'Subscription already authorized',
                  value: {
                    error: {
                      code: 'BAD_REQUEST_ERROR',
                      description: 'The subscription is already authorized.',
                      source: 'NA',
                      step: 'NA',
                      reason: 'NA',
                      metadata: {},
                    },
                  },
                },
                unknownOrder: {
                  summary: 'Unknown order',
                  value: {
                    error: {
                      code: 'BAD_REQUEST_ERROR',
                      description: 'The id provided does not exist',
                      source: 'business',
                      step: 'NA',
                      reason: 'input_validation_failed',
                      metadata: {},
                      field: 'order_id',
                    },
                  },
                },
                closedQrCode: {
                  summary: 'Closed QR code',
                  value: {
                    error: {
                      code: 'BAD_REQUEST_ERROR',
                      description: 'The QR code is closed and accepts no payments.',
                      source: 'NA',
                      step: 'NA',
                      reason: 'NA',
                      metadata: {},
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  '/v1/simulator/disputes': {
    post: {
      tags: ['Test mode'],
      summary: 'Dispute a captured payment',
      operationId: 'simulateDispute',
      description: SIMULATE_DISPUTE,
      requestBody: { required: true, ...json(ref('SimulateDispute')) },
      responses: answers('The new dispute (status `open`)', ref('Dispute')),
    },
  },
  '/v1/simulator/subscriptions/{id}/decline_charges': {
    post: {
      tags: ['Test mode'],
      summary: "Make the bank decline a subscription's next automatic charges",
      operationId: 'declineSubscriptionCharges',
      description: DECLINE_CHARGES,
      parameters: [idParameter('subscription', 'sub')],
      requestBody: { required: true, ...json(ref('DeclineSubscriptionCharges')) },
      responses: answers(
        'The subscription and how many of its next charges will be declined',
        ref('SubscriptionChargeDeclines'),
      ),
    },
  },
  '/v1/simulator/clock/advance': {
    post: {
      tags: ['Test mode'],
      summary: 'Advance the test clock',
      operationId: 'advanceTestClock',
      description: ADVANCE_CLOCK,
      requestBody: { required: true, ...json(ref('AdvanceTestClock')) },
      responses: answers("The account's test clock after the advance", ref('TestClock')),
    },
  },
};

import { NETBANKING_BANKS, WALLETS } from '@platform/contracts';
import {
  DECLINED,
  FAILURE_VPA,
  SUCCESS_VPA,
  TEST_CARDS,
  UPI_FAILED,
} from '../test-bank/test-instruments';
import type { TestCard } from '../test-bank/test-instruments';

/**
 * The OpenAPI description of POST /v1/simulator/payments, in code because part of it is the test
 * instruments' table, written from the instruments themselves (test-instruments.ts).
 */
const RULES = [
  'Test mode\'s checkout: pays an order as Razorpay Checkout would, or a QR code as a UPI app scanning it would, with a test instrument. **Test keys only**: a live key is answered 400 "The simulator works with test mode keys only: live payments come from a real checkout.". Send exactly one of `order_id`, `qr_code_id`, `invoice_id`, `subscription_id` and `payment_link_id` ("Send exactly one of order_id, qr_code_id, invoice_id, subscription_id or payment_link_id: what this payment pays.", field `order_id`). An `invoice_id` pays the invoice\'s order (opened in payments a moment after the invoice is issued; until then "The id provided does not exist (or the invoice is not issued yet)", field `invoice_id`); the answer then also carries `razorpay_invoice_id`.',
  "**An order** (`order_id`): the payment is for the order's amount due unless `amount` says otherwise (partial payments: see `partial_payment` on the order), in the order's currency. It counts as an attempt on the order, also when it fails. It stays `authorized` until captured with POST /v1/payments/{id}/capture — unless the order was created with `payment_capture` 1, in which case it is captured at once (and the order may become `paid`). A payment not captured within 3 days is refunded in full automatically.",
  '**A payment link** (`payment_link_id`): pays the link\'s order, as its page would: for the amount due unless `amount` says otherwise (partial payments as the link\'s `accept_partial` and `first_min_partial_amount` allow), in the link\'s currency, captured at once. The link counts it (`amount_paid`, `payments`) and becomes `partially_paid` or `paid`. A link of another account or mode, or none: "The id provided does not exist" (field `payment_link_id`); a cancelled or expired link: "The payment link is cancelled: it takes no more payments." (or expired); a paid one: "The order has already been paid.". The answer carries `razorpay_order_id` (and its `razorpay_signature`) and `razorpay_payment_link_id`.',
  '**A subscription\'s authorization** (`subscription_id`): pays the subscription\'s authorization order (known to payments a moment after the subscription is created; until then, or for an unknown id, "The id provided does not exist (or the subscription is not known to payments yet)", field `subscription_id`), in its currency, for its amount: without `start_at` the first invoice (plan × quantity plus the upfront add-ons), which the payment pays; with `start_at`, the invoice of its upfront add-ons when it has some, else a token payment of 100, refunded in full at once. The payment is captured at once and its instrument (card, UPI address, bank or wallet; never the card number) is saved: the subscription\'s later cycles are charged with it automatically. A subscription already authorized takes no second authorization ("The subscription is already authorized."). A declining instrument saves nothing: the subscription stays `created` (its `auth_attempts` grows) and can be authorized with another one. The answer is `{razorpay_payment_id, razorpay_subscription_id, razorpay_signature, payment}`.',
  '**A QR code** (`qr_code_id`): the payment is in INR, for the code\'s `payment_amount` unless `amount` says otherwise; a fixed-amount code takes only its `payment_amount` ("The amount must be the QR code\'s payment_amount (<payment_amount>)."), any other code needs `amount` ("The amount field is required: this QR code has no fixed amount."), at least 100. A `upi_qr` code takes only `upi` payments, a `bharat_qr` code `upi` and `card` ("This QR code accepts only upi payments." / "This QR code accepts only upi and card payments.", field `method`); a closed code none ("The QR code is closed and accepts no payments."). The payment is **captured at once** (with its `fee` and `tax`; its `order_id` is null) and credited to the code: `payments_amount_received` and `payments_count_received` grow, and a single-use code closes (`close_reason` `paid`). A declined payment is recorded as `failed` and leaves the code as it was; it is listed with the code\'s payments.',
  '**Success (200)**: what Checkout (or the UPI app) hands your page, with the payment (its `card` object included). For an order: `{razorpay_payment_id, razorpay_order_id, razorpay_signature, payment}`; the gateway adds `razorpay_signature`: the hex HMAC-SHA256 of `order_id|payment_id` (`razorpay_order_id + "|" + razorpay_payment_id`) keyed with your key secret, so the SDK\'s `validatePaymentVerification` accepts it. For a subscription: `{razorpay_payment_id, razorpay_subscription_id, razorpay_signature, payment}`, the signature the hex HMAC-SHA256 of `payment_id|subscription_id` (`razorpay_payment_id + "|" + razorpay_subscription_id`, the reverse order) keyed with your key secret. For a QR code: `{razorpay_payment_id, razorpay_qr_code_id, payment}`, without a signature.',
  "**Declined (400)**: a declining instrument is answered like Checkout's failure callback: the error envelope with `source`, `step` and `reason` filled and `metadata` = `{payment_id, order_id}` (`{payment_id, qr_code_id}` for a QR code; a subscription's authorization order for a subscription). The payment is recorded as `failed` (with its `error_*` fields) and is listed with the order's (or the code's) payments.",
  'Other 400s: an unknown order or QR code ("The id provided does not exist", field `order_id` or `qr_code_id`), a currency other than the order\'s ("The currency must be the order currency (<currency>).") or, for a QR code, other than INR ("The currency must be INR: QR codes take rupees."), an amount the order does not allow ("The payment amount must be the order amount due (<due>)." and the like), a paid order ("The order has already been paid."), a missing or invalid instrument ("The card field is required when method is card.", "The bank must be one of …").',
];

function cardOutcome(card: TestCard): string {
  switch (card.outcome) {
    case 'success':
      return card.international
        ? 'succeeds; the payment is `international`'
        : card.network === 'American Express'
          ? 'succeeds (4-digit CVV)'
          : 'succeeds';
    case 'declined': {
      const { code, source, reason } = card.error ?? DECLINED;
      return `declined by the bank once its OTP is answered: 400, the payment is \`failed\` (code \`${code}\`, source \`${source}\`, reason \`${reason}\`)`;
    }
    case 'disputed':
      return 'succeeds; once the payment is captured, its bank disputes all of it: a dispute (reason `product_not_received`, phase `chargeback`, status `open`) appears in GET /v1/disputes moments later (a payment refunded in full before has nothing to dispute)';
  }
}

const issuerOf = (card: TestCard) =>
  card.issuer ?? (card.international ? '– (issued abroad)' : '–');

const TEST_INSTRUMENTS = [
  '### Test instruments',
  "The instrument decides the outcome. The simulator answers the test bank's challenge at once as a customer who says yes (a valid OTP, **Success**); the checkout (POST /v1/checkout/payments) leaves it to the customer.",
  "**Cards** (`method: card`). Expiry: any month not in the past (on the account's clock; two-digit years are 20xx). CVV: 3 digits, 4 for American Express.",
  [
    '| Number | Network | Type | Issuer | Outcome |',
    '|---|---|---|---|---|',
    ...TEST_CARDS.map(
      (card) =>
        `| ${card.number} | ${card.network} | ${card.type} | ${issuerOf(card)} | ${cardOutcome(card)} |`,
    ),
  ].join('\n'),
  'Any other Luhn-valid card number (12 to 19 digits) succeeds: network from its prefix (34, 37: American Express; 36, 38, 300–305: Diners Club; 508, 60, 65, 81, 82: RuPay; 51–55, 2221–2720: MasterCard; 50, 56–59, 63, 67: Maestro; 4: Visa; else Unknown), type credit, no issuer, not international. A number that is not Luhn-valid is refused ("The card number is invalid.").',
  '**UPI** (`method: upi`, `vpa`):',
  [
    '| VPA | Outcome |',
    '|---|---|',
    `| ${SUCCESS_VPA} | succeeds |`,
    `| ${FAILURE_VPA} | fails: 400, the payment is \`failed\` (source \`${UPI_FAILED.source}\`, reason \`${UPI_FAILED.reason}\`) |`,
  ].join('\n'),
  'Any other valid UPI address (name@bank) succeeds as well.',
  `**Netbanking** (\`method: netbanking\`, \`bank\`): ${NETBANKING_BANKS.join(', ')}. All succeed; any other bank is refused.`,
  `**Wallets** (\`method: wallet\`, \`wallet\`): ${WALLETS.join(', ')}. All succeed; any other wallet is refused.`,
];

/** A 400 of the simulator, as the examples show it. */
const refusal = (summary: string, error: object, metadata = {}) => ({
  summary,
  value: { error: { source: 'NA', step: 'NA', reason: 'NA', ...error, metadata } },
});

export const SIMULATE_PAYMENT = {
  description: [...RULES, ...TEST_INSTRUMENTS].join('\n\n'),
  badRequest: {
    description:
      "A declining instrument (the payment is recorded as `failed`; `metadata` holds its id and the order's or the QR code's), invalid input, an unknown order, QR code or subscription, a subscription already authorized, an amount the order or the code does not allow, a closed QR code, or a live key",
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ErrorEnvelope' },
        examples: {
          cardDeclined: refusal('Card 4000000000000002', DECLINED, {
            payment_id: 'pay_1Aa00000000002',
            order_id: 'order_1Aa00000000001',
          }),
          upiFailed: refusal(`UPI ${FAILURE_VPA}`, UPI_FAILED, {
            payment_id: 'pay_1Aa00000000003',
            order_id: 'order_1Aa00000000001',
          }),
          subscriptionAuthorized: refusal('Subscription already authorized', {
            code: 'BAD_REQUEST_ERROR',
            description: 'The subscription is already authorized.',
          }),
          unknownOrder: refusal('Unknown order', {
            code: 'BAD_REQUEST_ERROR',
            description: 'The id provided does not exist',
            source: 'business',
            reason: 'input_validation_failed',
            field: 'order_id',
          }),
          closedQrCode: refusal('Closed QR code', {
            code: 'BAD_REQUEST_ERROR',
            description: 'The QR code is closed and accepts no payments.',
          }),
        },
      },
    },
  },
};

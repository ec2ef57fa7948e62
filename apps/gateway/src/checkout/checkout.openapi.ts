import { CHECKOUT_PATHS, PREFERENCES_PATH, SERVED_PREFERENCES_PATH } from './checkout-paths';
import { NO_SIGNING_SECRET } from './key-id-auth';
import { NO_SIGNING_KEY } from './page-owner.routes';
import { NOT_PAID_ON_LINK } from './payment-link-callback.routes';

type JsonObject = Record<string, unknown>;
type Paths = Record<string, Record<string, JsonObject>>;

const asOpenApi = (route: string) => route.replace(/:(\w+)/g, '{$1}');
const errorBody = { $ref: '#/components/schemas/ErrorEnvelope' };
const tooManyFromAddress = {
  description:
    'Too many requests from this address (or for this key); retry after `Retry-After` seconds',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
};
const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' } } },
});

/** How the key-id-only operations (Checkout's, marked `x-key-id-only` by their controllers) authenticate. */
export const KEY_ID_SCHEME = {
  type: 'apiKey',
  in: 'query',
  name: 'key_id',
  description: [
    "Checkout's operations, which a customer's browser calls, take the key id alone, never the secret: `key_id` in the query (GET) or in the JSON body (POST), or HTTP Basic with the key id as the user name and an empty password. A password that is sent must be the key's secret; a `key_id` beside an Authorization header must be the same key.",
    'An unknown or revoked key, a wrong secret or a malformed header: 401 "The api key provided is invalid" (counted, per client network, with the failed authentications of the key pair API). Answers that carry a payment and its order or subscription are signed with the key\'s secret, which the platform keeps sealed: a key made before the platform kept secrets, and not used with its secret since, is answered 400 "' +
      NO_SIGNING_SECRET +
      '".',
    'Rate-limited per key id and per client network: an IPv4 address, an IPv6 /64 (429 with Retry-After).',
  ].join('\n\n'),
};

export const KEY_ID_SECURITY = [{ keyId: [] }];

/** Where payments serves an operation the document shows at Razorpay's path. */
export const PUBLIC_PATH_OF: Record<string, string> = {
  [SERVED_PREFERENCES_PATH]: PREFERENCES_PATH,
};

/** What the gateway adds to the preferences: the merchant, from the account it owns. */
export const MERCHANT_PROPERTY = {
  merchant: {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: {
      name: {
        type: 'string',
        description: 'The name of the account, which Checkout shows the customer.',
        examples: ['Acme Retail'],
      },
    },
  },
};

/**
 * The OpenAPI description of the Checkout routes the gateway answers itself and integrators call:
 * checkout.js, Hosted Checkout and the pay pages' lookup (checkout.plugin.ts). The modal page and
 * its assets are for the browser, which checkout.js points at them, not for integrators.
 */
export const checkoutPaths = {
  [CHECKOUT_PATHS.script]: {
    get: {
      tags: ['Checkout'],
      summary: 'checkout.js',
      operationId: 'fetchCheckoutScript',
      description:
        "Standard Checkout's script: load it on your page with `<script src=\"…/v1/checkout.js\"></script>`, then `new Razorpay({ key: '<key id>', order_id, amount, currency, name, handler }).open()` opens the payment modal over the page, as Razorpay's does. `handler` receives `razorpay_payment_id`, `razorpay_order_id` (or `razorpay_subscription_id`) and `razorpay_signature`, to be checked on your server with your key secret (the SDKs' `validatePaymentVerification`). **No authentication.** Revalidated after five minutes (`cache-control: public, max-age=300`, with an ETag); also served at `/checkout.js`.",
      security: [],
      responses: {
        '200': {
          description: 'The script',
          content: { 'application/javascript': { schema: { type: 'string' } } },
        },
        '429': tooManyFromAddress,
      },
    },
  },
  [CHECKOUT_PATHS.embedded]: {
    post: {
      tags: ['Checkout'],
      summary: 'Hosted Checkout',
      operationId: 'openHostedCheckout',
      description: [
        'Razorpay\'s Hosted Checkout: your page form-posts these fields here (`<form method="POST" action="…/v1/checkout/embedded">`), and the customer pays on the checkout page this answers, a whole window rather than a modal. On success the page form-posts `razorpay_payment_id`, `razorpay_order_id` and `razorpay_signature` to `callback_url`; on failure the `error[…]` fields; a cancel is a GET of `cancel_url`. The page may post forms only to `callback_url`\'s origin, and may not be framed.',
        '**No authentication**: `key_id` names the account (a test or a live key). A missing `key_id`, `order_id` or `callback_url`, a malformed field or an unknown key is answered 400 with a page that names each problem; a key whose secret the platform does not keep yet, 400 "' +
          NO_SIGNING_SECRET +
          '". Fields it does not know (a plugin\'s own) are ignored.',
      ].join('\n\n'),
      security: [],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: { $ref: '#/components/schemas/HostedCheckoutForm' },
          },
        },
      },
      responses: {
        '200': html('The checkout page, with the fields as its options'),
        '400': html('A page naming what is missing or wrong'),
        '429': tooManyFromAddress,
      },
    },
  },
  [asOpenApi(CHECKOUT_PATHS.pages)]: {
    get: {
      tags: ['Checkout'],
      summary: "What an invoice's, a subscription's or a payment link's page pays with",
      operationId: 'fetchCheckoutPage',
      description: `What the pay page of an invoice (\`short_url\`, \`/i/{id}\`), of a subscription (\`/s/{id}\`) or of a payment link (\`/l/{id}\`) opens Checkout with: an active key id of the account and mode the page belongs to (for a link, the key that made it while it can sign), and the invoice's or the link's order, or the subscription. **No authentication**, as the pages themselves (the id is unguessable). An id of no invoice, subscription or link (or of a draft): 400 "The id provided does not exist"; a page that cannot take a payment (an invoice or a link paid, cancelled or expired, a subscription already authorized): 400 "This page cannot take payments: …"; an account without a key Checkout can sign with: 400 "${NO_SIGNING_KEY}".`,
      security: [],
      parameters: [
        {
          name: 'id',
          in: 'path',
          required: true,
          description:
            'The invoice id (`inv_…`), subscription id (`sub_…`) or payment link id (`plink_…`).',
          schema: { type: 'string', pattern: '^(inv|sub|plink)_[0-9A-Za-z]{14}$' },
          examples: { invoice: { value: 'inv_1Aa00000000001' } },
        },
      ],
      responses: {
        '200': {
          description: 'The key id, with the order (an invoice) or the subscription',
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/CheckoutPagePayment' } },
          },
        },
        '400': {
          description: 'No such page, or one that cannot take payments',
          content: { 'application/json': { schema: errorBody } },
        },
        '429': tooManyFromAddress,
      },
    },
  },
  [asOpenApi(CHECKOUT_PATHS.pageCallback)]: {
    get: {
      tags: ['Checkout'],
      summary: "A payment link's callback",
      operationId: 'followPaymentLinkCallback',
      description: `Where a payment link's page (\`short_url\`, \`/l/{id}\`) sends the customer once Checkout took a payment: 303 to the link's \`callback_url\` (\`callback_method: "get"\`) with \`razorpay_payment_id\`, \`razorpay_payment_link_id\`, \`razorpay_payment_link_reference_id\` (empty without a reference id), \`razorpay_payment_link_status\` (the link's status after the payment: \`partially_paid\` or \`paid\`) and \`razorpay_signature\`, the hex HMAC-SHA256 with the key secret of \`payment_link_id|payment_link_reference_id|payment_link_status|payment_id\`, which the SDKs' \`validatePaymentVerification\` checks; the callback_url's own query parameters stay. The secret is the one of the key that made the link (or, if that key was revoked, of the account's newest key Checkout can sign with). Without a callback_url, 303 back to the link's page. **No authentication**, as the page. A payment the link did not count: 400 "${NOT_PAID_ON_LINK}"; an id of no link: 400 "The id provided does not exist".`,
      security: [],
      parameters: [
        {
          name: 'id',
          in: 'path',
          required: true,
          description: 'The payment link id.',
          schema: { type: 'string', pattern: '^plink_[0-9A-Za-z]{14}$' },
          examples: { link: { value: 'plink_1Aa00000000001' } },
        },
        {
          name: 'razorpay_payment_id',
          in: 'query',
          required: true,
          description: 'The payment Checkout handed the page.',
          schema: { type: 'string', pattern: '^pay_[0-9A-Za-z]{14}$' },
        },
      ],
      responses: {
        '303': {
          description: "To the callback_url with the signed result, or back to the link's page",
          headers: { location: { schema: { type: 'string', format: 'uri-reference' } } },
        },
        '400': {
          description: 'No such link, or a payment it did not count',
          content: { 'application/json': { schema: errorBody } },
        },
        '429': tooManyFromAddress,
      },
    },
  },
};

const KEY_ID = { type: 'string', pattern: '^rzp_(test|live)_[0-9A-Za-z]{14}$' };

export const checkoutSchemas = {
  HostedCheckoutForm: {
    type: 'object',
    required: ['key_id', 'order_id', 'callback_url'],
    properties: {
      key_id: { ...KEY_ID, description: 'Your key id (never the secret).' },
      order_id: { type: 'string', description: 'The order the customer pays.' },
      amount: {
        type: 'string',
        pattern: '^[1-9][0-9]{0,14}$',
        description:
          'In the smallest currency unit: for an order that takes partial payments, what is paid now.',
      },
      currency: { type: 'string' },
      name: { type: 'string', description: 'Your business name, shown on the page.' },
      description: { type: 'string' },
      image: { type: 'string', description: "Your logo's URL (or a data: URI)." },
      'prefill[name]': { type: 'string' },
      'prefill[email]': { type: 'string' },
      'prefill[contact]': { type: 'string' },
      method: {
        type: 'string',
        enum: ['card', 'upi', 'netbanking', 'wallet'],
        description: 'The method the page opens with.',
      },
      callback_url: {
        type: 'string',
        format: 'uri',
        description: "http(s): where the payment's outcome is form-posted.",
      },
      cancel_url: {
        type: 'string',
        format: 'uri',
        description: 'http(s): where the customer goes (a GET) on cancelling.',
      },
    },
    patternProperties: { '^notes\\[[^\\]]+\\]$': { type: 'string' } },
    description: 'At most 15 `notes[<key>]` fields, copied to the payment.',
  },
  CheckoutPagePayment: {
    oneOf: [
      {
        type: 'object',
        additionalProperties: false,
        required: ['key_id', 'order_id'],
        properties: {
          key_id: KEY_ID,
          order_id: { type: 'string', examples: ['order_1Aa00000000001'] },
        },
      },
      {
        type: 'object',
        additionalProperties: false,
        required: ['key_id', 'subscription_id'],
        properties: {
          key_id: KEY_ID,
          subscription_id: { type: 'string', examples: ['sub_1Aa00000000001'] },
        },
      },
    ],
  },
};

/**
 * The services' key-id-only operations as the gateway serves them: at their public path, with the
 * key id's security scheme.
 */
export function asKeyIdOnly(paths: Paths): Paths {
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      PUBLIC_PATH_OF[path] ?? path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => [
          method,
          operation['x-key-id-only'] === true
            ? { ...operation, security: KEY_ID_SECURITY }
            : operation,
        ]),
      ),
    ]),
  );
}

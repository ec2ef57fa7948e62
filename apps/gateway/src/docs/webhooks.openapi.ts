import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_PAYLOAD_ENTITIES,
} from '@platform/contracts';
import {
  allRequired,
  answers,
  collection,
  idParameter,
  json,
  nullableString,
  optionalQuery,
  page,
  ref,
} from './openapi-parts';

/**
 * The webhooks service's rules (apps/webhooks/src/), written out: the gateway may not import the
 * webhooks app. Keep the two in step (the event names, payload entities and delivery statuses come
 * from @platform/contracts): the URL rules
 * (webhook/webhook-url.ts, webhook-targets.ts), the limit per account (webhook-registry.decider.ts),
 * the entities (webhook/dtos/, delivery/dtos/), sending and retries (delivery/webhook-sender.ts,
 * retry-schedule.ts, delivery-dispatcher.ts).
 */
const MAX_URL_LENGTH = 255;
const MAX_SECRET_LENGTH = 255;
const MAX_WEBHOOKS = 30;
const DELIVERY_TIMEOUT_SECONDS = 5;

const URL_RULES = [
  `An http or https URL of at most ${MAX_URL_LENGTH} characters, without credentials in it ("The url must be a valid http or https URL.", "The url may not carry credentials.").`,
  'In live mode it must be https on port 443 ("A live mode webhook url must be https on port 443.").',
  'Its host must resolve to public addresses only: loopback, private, link-local (cloud metadata included), carrier-grade NAT, multicast and reserved addresses are refused ("The url must point to a public address: loopback, private, link-local and metadata addresses are refused.", or "The url’s host could not be resolved."). The address is checked again at every delivery, on the address then connected to. A platform run for local development (`npm start`) lifts this rule.',
].join(' ');

const DELIVERY_RULES = [
  "For each event a webhook subscribed to, while the webhook is active, the platform POSTs Razorpay's envelope (`entity: \"event\"`, `account_id`, `event`, `contains`, `payload`, `created_at`; each entity as the API shows it, as it was at the event) to the URL, with the headers `X-Razorpay-Signature` (hex HMAC-SHA256 of the exact body, keyed with the webhook's secret; absent without a secret: verify it with the SDK's `validateWebhookSignature`), `X-Razorpay-Event-Id` (the same for every attempt of one event: deduplicate on it) and `Content-Type: application/json`.",
  `Any 2xx answer within ${DELIVERY_TIMEOUT_SECONDS} s is delivered; any other status, a redirect (not followed), a timeout or a connection error is a failed attempt. A failed delivery is tried again with exponential backoff and jitter (about 30 s, 1, 2, 4, 8, 16, 32 min, 1 h, 2 h, then every 3 h) until 24 hours after the event, on the account's clock (in test mode POST /v1/simulator/clock/advance moves it); then it has failed. A webhook that delivered nothing in those 24 hours is disabled (\`active: false\`, \`disabled_at\` set) and its \`alert_email\` is told; edit it with \`active: true\` to turn it on again.`,
].join('\n\n');

const webhookIdParameter = idParameter('webhook', 'wh');
const deliveryIdParameter = idParameter('delivery', 'whd', 'delivery_id');
const accountIdParameter = {
  name: 'account_id',
  in: 'path',
  required: true,
  description:
    'Your own account id (the `owner_id` of your webhooks). Another account\'s id is answered 400 "The id provided does not exist".',
  schema: { type: 'string', examples: ['acc_1Aa00000000001'] },
};

const webhookProperties = {
  id: { type: 'string', pattern: '^wh_[0-9A-Za-z]{14}$', examples: ['wh_1Aa00000000001'] },
  entity: { const: 'webhook' },
  url: {
    type: 'string',
    format: 'uri',
    maxLength: MAX_URL_LENGTH,
    examples: ['https://example.com/razorpay/webhooks'],
  },
  events: {
    type: 'array',
    items: { type: 'string', enum: [...WEBHOOK_EVENTS] },
    description: 'The events the webhook receives, each once.',
    examples: [['payment.captured', 'order.paid']],
  },
  active: {
    type: 'boolean',
    description:
      'false: switched off, or disabled after 24 hours of failed deliveries. Events meanwhile are not delivered to it; deliveries already pending wait until it is on again.',
  },
  secret_exists: {
    type: 'boolean',
    description:
      'Whether deliveries are signed. The secret itself is never returned (it is stored encrypted).',
  },
  alert_email: {
    ...nullableString,
    format: 'email',
    description: 'Told when the webhook is disabled after 24 hours of failed deliveries.',
  },
  created_at: { type: 'integer', description: 'Unix seconds' },
  updated_at: { type: 'integer', description: 'Unix seconds' },
  disabled_at: {
    type: 'integer',
    description:
      'When failed deliveries disabled the webhook, Unix seconds; 0 while it is not disabled.',
  },
  owner_id: {
    type: 'string',
    description: 'The account the webhook belongs to.',
    examples: ['acc_1Aa00000000001'],
  },
  owner_type: { const: 'merchant' },
  context: {
    type: 'array',
    maxItems: 0,
    description:
      "Razorpay's partner context of the webhook (the sub-merchants a partner's webhook covers): always empty, a webhook here covers its own account only.",
  },
  service: {
    type: 'string',
    enum: ['beta-api-test', 'beta-api-live'],
    description:
      'The mode the webhook belongs to, as Razorpay names the service that keeps it: `beta-api-test` for a webhook made with test keys, `beta-api-live` with live keys.',
  },
};

const attemptProperties = {
  attempt: { type: 'integer', minimum: 1, description: '1 for the first try, then counting up.' },
  attempted_at: { type: 'integer', description: "Unix seconds, on the account's clock." },
  status_code: {
    type: ['integer', 'null'],
    description:
      'What the endpoint answered; null when it gave no answer (timeout, connection refused, address not allowed).',
  },
  latency_ms: { type: 'integer', description: 'How long the attempt took, in milliseconds.' },
  error: {
    ...nullableString,
    description:
      'Why the attempt failed (e.g. "answered 500", "no answer within 5 s"); null when delivered.',
  },
};

const deliveryProperties = {
  id: { type: 'string', pattern: '^whd_[0-9A-Za-z]{14}$', examples: ['whd_1Aa00000000001'] },
  entity: { const: 'webhook.delivery' },
  webhook_id: { type: 'string', examples: ['wh_1Aa00000000001'] },
  event_id: {
    type: 'string',
    description: "The event's id, as sent in `X-Razorpay-Event-Id`.",
    examples: ['evt_1Aa00000000001'],
  },
  event: { type: 'string', enum: [...WEBHOOK_EVENTS] },
  status: {
    type: 'string',
    enum: [...WEBHOOK_DELIVERY_STATUSES],
    description:
      '`pending`: not delivered yet, an attempt is due at `next_attempt_at`. `delivered`: an attempt got a 2xx answer. `failed`: no attempt succeeded within 24 hours of the event.',
  },
  attempt_count: { type: 'integer', minimum: 0 },
  next_attempt_at: {
    type: ['integer', 'null'],
    description:
      "While pending: when the next attempt is due, Unix seconds on the account's clock; null otherwise.",
  },
  last_status_code: {
    type: ['integer', 'null'],
    description:
      "The status of the last attempt's answer; null before the first attempt and when there was no answer.",
  },
  last_error: {
    ...nullableString,
    description: 'Why the last attempt failed; null when it did not.',
  },
  delivered_at: { type: ['integer', 'null'], description: 'Unix seconds, once delivered.' },
  created_at: {
    type: 'integer',
    description: "When its event happened, Unix seconds on the account's clock.",
  },
  attempts: {
    type: 'array',
    items: ref('WebhookDeliveryAttempt'),
    description: 'Every attempt so far, oldest first.',
  },
};

const eventsInput = {
  oneOf: [
    { type: 'array', minItems: 1, items: { type: 'string', enum: [...WEBHOOK_EVENTS] } },
    {
      type: 'object',
      propertyNames: { enum: [...WEBHOOK_EVENTS] },
      additionalProperties: {
        oneOf: [{ type: 'boolean' }, { enum: [0, 1, '0', '1', 'true', 'false'] }],
      },
    },
  ],
  description:
    'The events to receive: an array of names, or Razorpay\'s object form `{"payment.captured": true, "order.paid": false}` (the names set to true). At least one ("The events must name at least one event."), each an event of this platform ("The event "x" is not a webhook event of this platform."); repeated names count once. `refund.failed` is accepted and never sent: no refund of this platform fails.',
  examples: [
    ['payment.captured', 'order.paid'],
    { 'payment.captured': true, 'refund.processed': true },
  ],
};

const inputProperties = {
  url: {
    type: 'string',
    maxLength: MAX_URL_LENGTH,
    description: URL_RULES,
    examples: ['https://example.com/razorpay/webhooks'],
  },
  events: eventsInput,
  secret: {
    type: 'string',
    minLength: 1,
    maxLength: MAX_SECRET_LENGTH,
    description:
      'Signs every delivery (`X-Razorpay-Signature`). Stored encrypted and never returned; without one, deliveries are not signed. Each delivery is signed with the secret the webhook had when its event arrived: after a change, retries of earlier events keep the old one (as Razorpay does).',
    examples: ['my-webhook-secret'],
  },
  alert_email: {
    type: 'string',
    format: 'email',
    description:
      'Told when the webhook is disabled after 24 hours of failed deliveries ("The alert_email must be a valid email address.").',
  },
  active: {
    oneOf: [{ type: 'boolean' }, { enum: [0, 1, '0', '1', 'true', 'false'] }],
    description:
      'false: no deliveries. true turns a webhook disabled by failed deliveries on again (`disabled_at` back to 0).',
  },
};

export const webhookSchemas = {
  Webhook: allRequired(webhookProperties),
  WebhookCollection: collection('Webhook'),
  CreateWebhook: {
    type: 'object',
    additionalProperties: false,
    required: ['url', 'events'],
    description: `Unknown fields are refused (400 naming the field: "<field> is/are not required and should not be sent"). An account has at most ${MAX_WEBHOOKS} webhooks in each mode ("An account can have at most ${MAX_WEBHOOKS} webhooks in each mode; delete one first.").`,
    properties: { ...inputProperties, active: { ...inputProperties.active, default: true } },
    examples: [
      {
        url: 'https://example.com/razorpay/webhooks',
        events: ['payment.captured', 'order.paid'],
        secret: 'my-webhook-secret',
        alert_email: 'ops@example.com',
      },
    ],
  },
  EditWebhook: {
    type: 'object',
    additionalProperties: false,
    description:
      "Any of the fields of a new webhook: those sent replace the webhook's (`events` as a whole), the others stay. The url is checked as on creation.",
    properties: inputProperties,
    examples: [
      { events: { 'payment.captured': true, 'refund.processed': true } },
      { active: true },
    ],
  },
  WebhookDelivery: allRequired(deliveryProperties),
  WebhookDeliveryAttempt: allRequired(attemptProperties),
  WebhookDeliveryCollection: collection('WebhookDelivery'),
  WebhookEventBody: {
    type: 'object',
    required: ['entity', 'account_id', 'event', 'contains', 'payload', 'created_at'],
    description: "What a delivery POSTs to a webhook's URL.",
    properties: {
      entity: { const: 'event' },
      account_id: { type: 'string', examples: ['acc_1Aa00000000001'] },
      event: { type: 'string', enum: [...WEBHOOK_EVENTS] },
      contains: {
        type: 'array',
        items: { type: 'string', enum: [...WEBHOOK_PAYLOAD_ENTITIES] },
        description: 'The entities in `payload`, in order (e.g. `order.paid`: payment, order).',
      },
      payload: {
        type: 'object',
        propertyNames: { enum: [...WEBHOOK_PAYLOAD_ENTITIES] },
        additionalProperties: {
          type: 'object',
          required: ['entity'],
          properties: {
            entity: { type: 'object', description: 'The entity as the API shows it.' },
          },
        },
        examples: [
          {
            payment: {
              entity: { id: 'pay_1Aa00000000001', entity: 'payment', status: 'captured' },
            },
          },
        ],
      },
      created_at: { type: 'integer', description: 'When the event happened, Unix seconds.' },
    },
  },
};

const webhookOperations = (api: 'v1' | 'v2') => {
  const path = api === 'v1' ? [] : [accountIdParameter];
  const suffix = api === 'v1' ? '' : 'OfAccount';
  const tags = ['Webhooks'];
  return {
    collection: {
      post: {
        tags,
        summary: 'Create a webhook',
        operationId: `createWebhook${suffix}`,
        description: DELIVERY_RULES,
        parameters: path,
        requestBody: { required: true, ...json(ref('CreateWebhook')) },
        responses: answers('The webhook', ref('Webhook')),
      },
      get: {
        tags,
        summary: 'List webhooks, newest first',
        operationId: `listWebhooks${suffix}`,
        description:
          'The webhooks of the account in the mode of the key: test and live keys see separate webhooks, each receiving the events of its own mode.',
        parameters: [...path, ...page],
        responses: answers('A page of webhooks', ref('WebhookCollection')),
      },
    },
    item: {
      get: {
        tags,
        summary: 'Fetch a webhook',
        operationId: `fetchWebhook${suffix}`,
        parameters: [...path, webhookIdParameter],
        responses: answers('The webhook', ref('Webhook')),
      },
      [api === 'v1' ? 'put' : 'patch']: {
        tags,
        summary: 'Edit a webhook',
        operationId: `editWebhook${suffix}`,
        parameters: [...path, webhookIdParameter],
        requestBody: { required: true, ...json(ref('EditWebhook')) },
        responses: answers('The webhook as it is now', ref('Webhook')),
      },
      delete: {
        tags,
        summary: 'Delete a webhook',
        operationId: `deleteWebhook${suffix}`,
        description:
          'Answers `[]`. No delivery is made to it from then on, and it is gone ("The id provided does not exist").',
        parameters: [...path, webhookIdParameter],
        responses: answers('An empty array', { type: 'array', maxItems: 0 }),
      },
    },
  };
};

const v1 = webhookOperations('v1');
const v2 = webhookOperations('v2');

export const webhookPaths = {
  '/v1/webhooks': v1.collection,
  '/v1/webhooks/{id}': v1.item,
  '/v1/webhooks/{id}/deliveries': {
    get: {
      tags: ['Webhooks'],
      summary: "List a webhook's deliveries, newest first, with their attempts",
      operationId: 'listWebhookDeliveries',
      description:
        'One delivery per event the webhook received; `from` and `to` bound its `created_at`.',
      parameters: [
        webhookIdParameter,
        ...page,
        optionalQuery('event_id', 'Only the delivery of this event (`X-Razorpay-Event-Id`).'),
        optionalQuery(
          'status',
          'Only deliveries with this status ("The status must be pending, delivered or failed.").',
          { type: 'string', enum: [...WEBHOOK_DELIVERY_STATUSES] },
        ),
      ],
      responses: answers('A page of deliveries', ref('WebhookDeliveryCollection')),
    },
  },
  '/v1/webhooks/{id}/deliveries/{delivery_id}/retry': {
    post: {
      tags: ['Webhooks'],
      summary: 'Send a delivery again now',
      operationId: 'retryWebhookDelivery',
      description:
        'Whatever the delivery came to (delivered, failed or pending), it is tried again at once, to the webhook\'s URL as it is now, with the body and signature it was made with; the answer is the delivery, `pending`. Should this attempt fail, it is retried on the usual schedule only while the 24 hours after its event last. Refused while the webhook is not active ("The webhook is not active: turn it on (active: true) to send its deliveries again.").',
      parameters: [webhookIdParameter, deliveryIdParameter],
      responses: answers('The delivery, pending', ref('WebhookDelivery')),
    },
  },
  '/v2/accounts/{account_id}/webhooks': v2.collection,
  '/v2/accounts/{account_id}/webhooks/{id}': v2.item,
};

/** What the platform sends to a webhook's URL (OpenAPI's top-level `webhooks`). */
export const webhookRequests = {
  event: {
    post: {
      tags: ['Webhooks'],
      summary: "An event, POSTed to your webhook's URL",
      operationId: 'webhookEvent',
      description: DELIVERY_RULES,
      security: [],
      parameters: [
        {
          name: 'X-Razorpay-Signature',
          in: 'header',
          required: false,
          description:
            "Hex HMAC-SHA256 of the exact body, keyed with the webhook's secret; absent when the webhook has none.",
          schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        },
        {
          name: 'X-Razorpay-Event-Id',
          in: 'header',
          required: true,
          description: "The event's id, the same for every attempt: deduplicate on it.",
          schema: { type: 'string' },
        },
      ],
      requestBody: { required: true, ...json(ref('WebhookEventBody')) },
      responses: {
        '2XX': {
          description:
            'Delivered. Any other answer (or none within 5 s) is a failed attempt, tried again later.',
        },
      },
    },
  },
};

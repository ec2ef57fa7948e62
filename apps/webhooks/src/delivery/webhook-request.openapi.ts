import { DELIVERY_TIMEOUT_MS } from './webhook-sender';

/**
 * How a webhook receives events, in words: the rules of delivery-dispatcher.ts, retry-schedule.ts
 * and webhook-sender.ts. Creating a webhook (its controller) and the event request below both show it.
 */
export const DELIVERY_RULES = [
  "For each event a webhook subscribed to, while the webhook is active, the platform POSTs Razorpay's envelope (`entity: \"event\"`, `account_id`, `event`, `contains`, `payload`, `created_at`; each entity as the API shows it, as it was at the event) to the URL, with the headers `X-Razorpay-Signature` (hex HMAC-SHA256 of the exact body, keyed with the webhook's secret; absent without a secret: verify it with the SDK's `validateWebhookSignature`), `X-Razorpay-Event-Id` (the same for every attempt of one event: deduplicate on it) and `Content-Type: application/json`.",
  `Any 2xx answer within ${DELIVERY_TIMEOUT_MS / 1000} s is delivered; any other status, a redirect (not followed), a timeout or a connection error is a failed attempt. A failed delivery is tried again with exponential backoff and jitter (about 30 s, 1, 2, 4, 8, 16, 32 min, 1 h, 2 h, then every 3 h) until 24 hours after the event, on the account's clock (in test mode POST /v1/simulator/clock/advance moves it); then it has failed. A webhook that delivered nothing in those 24 hours is disabled (\`active: false\`, \`disabled_at\` set) and its \`alert_email\` is told; edit it with \`active: true\` to turn it on again.`,
].join('\n\n');

/**
 * The request the platform sends to a webhook's URL, as the OpenAPI document's `webhooks` entry
 * (the body is the WebhookBody type, generated with the document).
 */
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
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/WebhookBody' } },
        },
      },
      responses: {
        '2XX': {
          description: `Delivered. Any other answer (or none within ${DELIVERY_TIMEOUT_MS / 1000} s) is a failed attempt, tried again later.`,
        },
      },
    },
  },
};

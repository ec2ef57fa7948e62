import { COLLECTION, keys, WEBHOOK } from './entity-fields';
import type { DocumentedExample } from './example';

const FETCHED = keys(
  WEBHOOK,
  'id created_at updated_at owner_id owner_type context disabled_at url alert_email secret_exists entity active events',
);

export const WEBHOOK_EXAMPLES: DocumentedExample[] = [
  {
    source: 'razorpay-node documents/webhook.md#create-a-webhook',
    call: { resource: 'webhooks', method: 'create' },
    request: [
      {
        url: 'https://google.com',
        alert_email: 'gaurav.kumar@example.com',
        secret: '12345',
        events: [
          'payment.authorized',
          'payment.failed',
          'payment.captured',
          'payment.dispute.created',
          'refund.failed',
          'refund.created',
        ],
      },
      '$account.id',
    ],
    expect: { status: 200, fields: WEBHOOK },
  },
  {
    source: 'razorpay-node documents/webhook.md#edit-webhook',
    call: { resource: 'webhooks', method: 'edit' },
    request: [
      { url: 'https://www.linkedin.com', events: ['refund.created'] },
      '$accountWebhook.id',
      '$account.id',
    ],
    expect: { status: 200, fields: WEBHOOK },
  },
  {
    source: 'razorpay-node documents/webhook.md#delete-an-account',
    call: { resource: 'webhooks', method: 'delete' },
    request: ['$accountWebhook.id', '$account.id'],
    expect: { status: 200, fields: {}, emptyArray: true },
  },
  {
    source: 'razorpay-node documents/webhook.md#fetch-a-webhook',
    call: { resource: 'webhooks', method: 'fetch' },
    request: ['$accountWebhook.id', '$account.id'],
    expect: { status: 200, fields: FETCHED },
  },
  {
    // The document's sample answer is one webhook; the list answers a collection of them.
    source: 'razorpay-node documents/webhook.md#fetch-all-webhooks',
    call: { resource: 'webhooks', method: 'all' },
    request: [{ count: 3 }, '$account.id'],
    given: ['accountWebhook'],
    expect: { status: 200, fields: COLLECTION, items: FETCHED },
  },
];

import { MAX_UNIX_TIME } from '@platform/http';
import { answers, collection, nullableString, optionalQuery, page, ref } from './openapi-parts';

type Paths = Record<string, Record<string, Record<string, unknown>>>;

const eventProperties = {
  id: {
    type: 'string',
    pattern: '^evt_[0-9A-Za-z]{14}$',
    description: 'The event’s id: always the same for the same event.',
    examples: ['evt_1Aa00000000001'],
  },
  entity: { const: 'event' },
  type: {
    type: 'string',
    description:
      'What happened, as the owning service records it (PascalCase, past tense), e.g. `PaymentAuthorized`, `PaymentCaptured`, `PaymentRefunded`, `InvoiceIssued`, `WebhookEdited`.',
    examples: ['PaymentCaptured'],
  },
  occurred_at: {
    type: 'integer',
    description:
      'When it happened: Unix seconds on the account’s clock (the test clock in test mode).',
  },
  version: {
    type: 'integer',
    minimum: 1,
    description: 'Its place in the entity’s history: 1 for the event that created it, then 2, 3, …',
  },
  data: {
    type: 'object',
    description:
      'The change, as recorded (camelCase; times in milliseconds on the account’s clock). Secrets and internal-only fields are left out: a webhook’s history shows `secretExists`, never the secret.',
  },
  correlation_id: {
    ...nullableString,
    description:
      'The id of the request that caused it (its X-Request-Id), the same as the published event’s; null when none did.',
  },
};

export const eventSchemas = {
  Event: {
    type: 'object',
    required: Object.keys(eventProperties),
    properties: eventProperties,
  },
  EventCollection: collection('Event'),
};

/** `as_of` on every GET of one entity by its id. */
export const asOfParameter = optionalQuery(
  'as_of',
  'The entity as it was at the end of this second (Unix seconds, on the account’s clock), folded from its own events. An entity that did not exist yet is answered like an unknown id: 400 "The id provided does not exist". Anything but an integer from 0 to ' +
    `${MAX_UNIX_TIME} is refused: 400 "The as_of must be an integer (unix seconds)." (field \`as_of\`).`,
  { type: 'integer', minimum: 0, maximum: MAX_UNIX_TIME },
);

export const eventPaths = {
  '/v1/events': {
    get: {
      tags: ['Events'],
      summary: 'List an entity’s events, oldest first',
      operationId: 'listEntityEvents',
      description:
        'The complete history of one entity of the account and mode (payment, order, refund, dispute, QR code, document, customer, item, plan, bill, invoice, subscription, add-on, offer, settlement, on-demand settlement, webhook), oldest first. `from`/`to` select events by when they happened. An id of another account or mode, or one that does not exist, is answered like an unknown id everywhere: 400 "The id provided does not exist".',
      parameters: [
        {
          name: 'entity_id',
          in: 'query',
          required: true,
          description:
            'The entity’s id. Without it: 400 "The entity_id field is required."; not an id: 400 "The entity_id must be an entity id, such as pay_1Aa00000000001." (field `entity_id`).',
          schema: { type: 'string', pattern: '^[a-z]+_[0-9A-Za-z]{14}$' },
          examples: { payment: { value: 'pay_1Aa00000000001' } },
        },
        ...page,
      ],
      responses: answers('A page of the entity’s events', ref('EventCollection')),
    },
  },
};

/** Adds `as_of` to every GET of one entity by its id (`…/{id}`), which every service serves. */
export function withAsOf(paths: Paths): Paths {
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => {
      const read = operations['get'];
      if (!path.endsWith('/{id}') || !read) return [path, operations];
      const parameters = (read['parameters'] as unknown[] | undefined) ?? [];
      return [
        path,
        {
          ...operations,
          get: { ...read, parameters: [...parameters, { $ref: '#/components/parameters/as_of' }] },
        },
      ];
    }),
  );
}

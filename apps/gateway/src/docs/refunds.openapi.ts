import type { RefundEntity } from '@platform/contracts';
import { NOTES_MAX_LENGTH, NOTES_MAX_PAIRS, SUPPORTED_CURRENCIES } from '@platform/http';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errors = { '400': { $ref: '#/components/responses/BadRequest' }, '401': { $ref: '#/components/responses/Unauthorized' }, '429': { $ref: '#/components/responses/TooManyRequests' } };
const page = ['from', 'to', 'count', 'skip'].map((name) => ({ $ref: `#/components/parameters/${name}` }));
const idParameter = { name: 'id', in: 'path', required: true, description: 'The refund id. An unknown id, or one of another account or mode, is answered 400 "The id provided does not exist".', schema: { type: 'string', pattern: '^rfnd_[0-9A-Za-z]{14}$' } };

const notes = {
  type: 'object',
  maxProperties: NOTES_MAX_PAIRS,
  additionalProperties: { oneOf: [{ type: 'string', maxLength: NOTES_MAX_LENGTH }, { type: 'number' }] },
  description: `Your own key-value pairs: at most ${NOTES_MAX_PAIRS}, keys and values of at most ${NOTES_MAX_LENGTH} characters.`,
};
/** What a request may send as notes: the object, or `[]` (many clients send it for "no notes"; it is stored as `{}`). */
const notesInput = {
  oneOf: [{ ...notes, propertyNames: { maxLength: NOTES_MAX_LENGTH } }, { type: 'array', maxItems: 0 }],
  description: `Your own key-value pairs: at most ${NOTES_MAX_PAIRS}, keys and values of at most ${NOTES_MAX_LENGTH} characters, values strings or numbers. \`[]\` is read as no notes.`,
};

const refundProperties = {
  id: { type: 'string', examples: ['rfnd_1Aa00000000001'] },
  entity: { const: 'refund' },
  amount: { type: 'integer', description: 'In the smallest currency unit.', examples: [10000] },
  currency: { type: 'string', enum: [...SUPPORTED_CURRENCIES], description: 'The payment\'s currency.' },
  payment_id: { type: 'string', examples: ['pay_1Aa00000000001'] },
  notes,
  receipt: { type: ['string', 'null'] },
  acquirer_data: {
    type: 'object',
    required: ['arn'],
    properties: { arn: { type: ['string', 'null'], description: 'The 23-digit acquirer reference number the customer can trace the refund with: set when the refund is processed, null while pending.' } },
  },
  created_at: { type: 'integer', description: 'Unix seconds' },
  batch_id: { type: 'null', description: 'Batch refunds are not supported: always null.' },
  status: {
    type: 'string',
    enum: ['pending', 'processed'],
    description: '`pending`, then `processed` when the bank has the money: at once for `optimum` speed, 5 days after creation for `normal` speed, on the account\'s clock (in test mode POST /v1/simulator/clock/advance moves it).',
  },
  speed_requested: { type: 'string', enum: ['normal', 'optimum'], description: 'As asked for; `optimum` for the automatic refund of a payment not captured within its 3-day capture window.' },
  speed_processed: { enum: ['normal', 'instant', null], description: 'null while pending; `instant` for optimum refunds, `normal` for normal ones.' },
} satisfies Record<keyof RefundEntity, unknown>;

export const refundSchemas = {
  Refund: {
    type: 'object',
    required: Object.keys(refundProperties),
    properties: refundProperties,
  },
  RefundCollection: {
    type: 'object',
    required: ['entity', 'count', 'items'],
    properties: { entity: { const: 'collection' }, count: { type: 'integer' }, items: { type: 'array', items: ref('Refund') } },
  },
  EditRefund: {
    type: 'object',
    additionalProperties: false,
    required: ['notes'],
    description: 'Only the notes of a refund can change; they replace the notes it had. Any other field is refused (400 naming it: "<field> is/are not required and should not be sent"); without notes: "The notes field is required.".',
    properties: { notes: notesInput },
    examples: [{ notes: { reason: 'damaged item' } }],
  },
};

export const refundPaths = {
  '/v1/refunds': {
    get: {
      tags: ['Refunds'],
      summary: 'List refunds, newest first',
      operationId: 'listRefunds',
      description: 'The refunds of every payment of the account and mode, automatic ones included. Refunds are made with POST /v1/payments/{id}/refund.',
      parameters: page,
      responses: { '200': { description: 'A page of refunds', ...json(ref('RefundCollection')) }, ...errors },
    },
  },
  '/v1/refunds/{id}': {
    get: {
      tags: ['Refunds'],
      summary: 'Fetch a refund',
      operationId: 'fetchRefund',
      parameters: [idParameter],
      responses: { '200': { description: 'The refund', ...json(ref('Refund')) }, ...errors },
    },
    patch: {
      tags: ['Refunds'],
      summary: 'Edit the notes of a refund',
      operationId: 'editRefund',
      parameters: [idParameter],
      requestBody: { required: true, ...json(ref('EditRefund')) },
      responses: { '200': { description: 'The refund with its new notes', ...json(ref('Refund')) }, ...errors },
    },
  },
};

import { REFUND_SPEEDS } from '@platform/contracts';
import type { RefundEntity } from '@platform/contracts';
import { SUPPORTED_CURRENCIES } from '@platform/http';
import {
  allRequired,
  collection,
  editNotesOperation,
  fetchOperation,
  idParameter,
  listOperation,
  notes,
  notesEdit,
  page,
} from './openapi-parts';

const refundProperties = {
  id: { type: 'string', examples: ['rfnd_1Aa00000000001'] },
  entity: { const: 'refund' },
  amount: { type: 'integer', description: 'In the smallest currency unit.', examples: [10000] },
  currency: {
    type: 'string',
    enum: [...SUPPORTED_CURRENCIES],
    description: "The payment's currency.",
  },
  payment_id: { type: 'string', examples: ['pay_1Aa00000000001'] },
  notes,
  receipt: { type: ['string', 'null'] },
  acquirer_data: {
    type: 'object',
    required: ['arn'],
    properties: {
      arn: {
        type: ['string', 'null'],
        description:
          'The 23-digit acquirer reference number the customer can trace the refund with: set when the refund is processed, null while pending.',
      },
    },
  },
  created_at: { type: 'integer', description: 'Unix seconds' },
  batch_id: { type: 'null', description: 'Batch refunds are not supported: always null.' },
  status: {
    type: 'string',
    enum: ['pending', 'processed'],
    description:
      "`pending`, then `processed` when the bank has the money: at once for `optimum` speed, 5 days after creation for `normal` speed, on the account's clock (in test mode POST /v1/simulator/clock/advance moves it).",
  },
  speed_requested: {
    type: 'string',
    enum: [...REFUND_SPEEDS],
    description:
      'As asked for; `optimum` for the automatic refund of a payment not captured within its 3-day capture window.',
  },
  speed_processed: {
    enum: ['normal', 'instant', null],
    description: 'null while pending; `instant` for optimum refunds, `normal` for normal ones.',
  },
} satisfies Record<keyof RefundEntity, unknown>;

export const refundSchemas = {
  Refund: allRequired(refundProperties),
  RefundCollection: collection('Refund'),
  EditRefund: notesEdit('refund', { sent: { reason: 'damaged item' } }),
};

const refundNames = { tag: 'Refunds', noun: 'refund', schema: 'Refund' };

export const refundPaths = {
  '/v1/refunds': {
    get: listOperation(
      refundNames,
      page,
      'The refunds of every payment of the account and mode, automatic ones included. Refunds are made with POST /v1/payments/{id}/refund.',
    ),
  },
  '/v1/refunds/{id}': {
    get: fetchOperation(refundNames, [idParameter('refund', 'rfnd')]),
    patch: editNotesOperation(refundNames, [idParameter('refund', 'rfnd')]),
  },
};

import { COLLECTION, DISPUTE } from './entity-fields';
import type { DocumentedExample } from './example';

export const DISPUTE_EXAMPLES: DocumentedExample[] = [
  {
    source: 'razorpay-node documents/disputes.md#fetch-all-disputes',
    call: { resource: 'disputes', method: 'all' },
    request: [{ count: 1 }],
    given: ['dispute'],
    expect: { status: 200, fields: COLLECTION, items: DISPUTE },
  },
  {
    source: 'razorpay-python documents/dispute.md#fetch-all-disputes',
    call: { resource: 'disputes', method: 'all' },
    request: [],
    given: ['bankDispute'],
    expect: { status: 200, fields: COLLECTION, items: DISPUTE },
  },
  {
    source: 'razorpay-node documents/disputes.md#fetch-a-dispute',
    call: { resource: 'disputes', method: 'fetch' },
    request: ['$dispute.id'],
    expect: { status: 200, fields: DISPUTE },
  },
  {
    // The document's first call is marked "draft" but submits; the second, marked "submit", drafts.
    source: 'razorpay-node documents/disputes.md#contest-a-dispute',
    call: { resource: 'disputes', method: 'contest' },
    request: [
      '$dispute.id',
      { billing_proof: ['$document.id', '$otherDocument.id'], action: 'submit' },
    ],
    expect: { status: 200, fields: DISPUTE },
  },
  {
    source: 'razorpay-node documents/disputes.md#contest-a-dispute (request 2)',
    call: { resource: 'disputes', method: 'contest' },
    request: [
      '$dispute.id',
      {
        amount: 5000,
        summary: 'goods delivered',
        shipping_proof: ['$document.id', '$otherDocument.id'],
        others: [
          {
            type: 'receipt_signed_by_customer',
            document_ids: ['$document.id', '$otherDocument.id'],
          },
        ],
        action: 'draft',
      },
    ],
    expect: { status: 200, fields: DISPUTE },
  },
  {
    // Under a second "Fetch a Dispute" heading of the Python document.
    source: 'razorpay-python documents/dispute.md#fetch-a-dispute-1',
    call: { resource: 'disputes', method: 'accept' },
    request: ['$dispute.id'],
    expect: { status: 200, fields: DISPUTE },
  },
];

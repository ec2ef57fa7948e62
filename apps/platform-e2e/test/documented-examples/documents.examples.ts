import { DOCUMENT, keys } from './entity-fields';
import type { DocumentedExample } from './example';

const CREATED = keys(DOCUMENT, 'id entity purpose name mime_type size created_at');

export const DOCUMENT_EXAMPLES: DocumentedExample[] = [
  {
    source: 'razorpay-node documents/documents.md#create-a-document',
    call: { resource: 'documents', method: 'create' },
    request: [
      {
        file: {
          value: '$file:sample_uploaded.pdf',
          options: { filename: 'sample_uploaded.pdf', contentType: null },
        },
        purpose: 'dispute_evidence',
      },
    ],
    expect: { status: 200, fields: CREATED },
  },
  {
    source: 'razorpay-python documents/document.md#create-a-document',
    call: { resource: 'documents', method: 'create' },
    request: [{ file: { value: '$file:sample_uploaded.jpeg' }, purpose: 'dispute_evidence' }],
    expect: { status: 200, fields: CREATED },
  },
  {
    source: 'razorpay-node documents/documents.md#fetch-document-information',
    call: { resource: 'documents', method: 'fetch' },
    request: ['$document.id'],
    expect: {
      status: 200,
      fields: keys(DOCUMENT, 'entity id purpose created_at mime_type display_name size url'),
    },
  },
];

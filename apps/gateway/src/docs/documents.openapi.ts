import { DOCUMENT_MIME_TYPES } from '@platform/contracts';
import type { DocumentEntity } from '@platform/contracts';
import { allRequired, answers, errors, idParameter, ref } from './openapi-parts';

/**
 * The payments service's document limits (apps/payments/src/document/), written out: the gateway may
 * not import the payments app. Keep the two in step.
 */
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
const NOT_A_DOCUMENT =
  'The file must be a PDF, JPEG or PNG document (its content is checked, not its name or declared type).';

const documentIdParameter = idParameter('document', 'doc');
const binary = { type: 'string', format: 'binary' };

const documentProperties = {
  id: { type: 'string', examples: ['doc_1Aa00000000001'] },
  entity: { const: 'document' },
  purpose: { const: 'dispute_evidence' },
  name: {
    type: 'string',
    maxLength: 255,
    description:
      "The uploaded file's name (its first 255 characters; `document` when the part had none).",
    examples: ['delivery-proof.pdf'],
  },
  display_name: {
    type: 'string',
    maxLength: 255,
    description: 'The same as `name`.',
    examples: ['delivery-proof.pdf'],
  },
  mime_type: {
    type: 'string',
    enum: [...DOCUMENT_MIME_TYPES],
    description:
      "Recognised from the content (its first bytes), not from the file's name or declared type.",
  },
  size: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_DOCUMENT_BYTES,
    description: 'In bytes.',
    examples: [48213],
  },
  created_at: { type: 'integer', description: 'Unix seconds' },
  url: {
    type: 'string',
    format: 'uri',
    description:
      "Where its bytes are fetched, with the account's API key: GET /v1/documents/{id}/content on the gateway's public base URL (PUBLIC_BASE_URL).",
    examples: ['https://api.example.com/v1/documents/doc_1Aa00000000001/content'],
  },
} satisfies Record<keyof DocumentEntity, unknown>;

export const documentSchemas = {
  Document: allRequired(documentProperties),
  UploadDocument: {
    type: 'object',
    additionalProperties: false,
    required: ['file', 'purpose'],
    description:
      'A multipart/form-data body, as the official SDK\'s `documents.create` sends it: one file part named `file` and a `purpose` field. Any other part is refused (400 naming it: "<field> is/are not required and should not be sent").',
    properties: {
      file: {
        ...binary,
        description: `The document: a PDF, PNG or JPEG, recognised by its content whatever its name or declared type say (anything else, an empty file included: "${NOT_A_DOCUMENT}"). At most 10 MB (${MAX_DOCUMENT_BYTES} bytes); one byte more is refused ("The file may not be larger than 10 MB."). Without it: "The file field is required.".`,
      },
      purpose: {
        const: 'dispute_evidence',
        description:
          'Why the document is uploaded; the only purpose is `dispute_evidence` ("The purpose must be dispute_evidence."). Without it: "The purpose field is required.".',
      },
    },
  },
};

export const documentPaths = {
  '/v1/documents': {
    post: {
      tags: ['Documents'],
      summary: 'Upload a document',
      operationId: 'uploadDocument',
      description: [
        "Stores a file to use as evidence when contesting a dispute (PATCH /v1/disputes/{id}/contest takes document ids). Documents are the account's, in the key's mode: a document of another account or mode is answered like an unknown id.",
        'Refused with 400, naming the field:',
        '- a body that is not multipart/form-data: "The request must be multipart/form-data, with a file and a purpose."; one that cannot be read as such: "The multipart body could not be read: one file part named file and a purpose field are expected."',
        `- "The file field is required.", "The purpose field is required.", "The purpose must be dispute_evidence."`,
        `- a file over 10 MB (${MAX_DOCUMENT_BYTES} bytes): "The file may not be larger than 10 MB." The upload is cut off as it streams in, never held whole; a body larger than 10 MB plus 64 KB of multipart framing is refused by the gateway before it reaches the service: "The request body is too large."`,
        `- a file that is not a PDF, PNG or JPEG by its content: "${NOT_A_DOCUMENT}"`,
      ].join('\n\n'),
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: ref('UploadDocument'),
            encoding: { file: { contentType: DOCUMENT_MIME_TYPES.join(', ') } },
          },
        },
      },
      responses: answers('The stored document', ref('Document')),
    },
  },
  '/v1/documents/{id}': {
    get: {
      tags: ['Documents'],
      summary: 'Fetch a document',
      operationId: 'fetchDocument',
      parameters: [documentIdParameter],
      responses: answers(
        'The document (its bytes: GET /v1/documents/{id}/content)',
        ref('Document'),
      ),
    },
  },
  '/v1/documents/{id}/content': {
    get: {
      tags: ['Documents'],
      summary: 'Download a document',
      operationId: 'fetchDocumentContent',
      description:
        'The exact bytes uploaded, with the document\'s `mime_type` as their content type, as an attachment named after the document (`"`, `\\` and line breaks in the name replaced by `_`).',
      parameters: [documentIdParameter],
      responses: {
        '200': {
          description: 'The bytes of the document',
          headers: {
            'content-disposition': {
              description: '`attachment; filename="<name>"`',
              schema: { type: 'string', examples: ['attachment; filename="delivery-proof.pdf"'] },
            },
            'x-content-sha256': {
              description:
                'The SHA-256 of the bytes (hex), recorded at upload: check what you received against it.',
              schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
            },
          },
          content: Object.fromEntries(
            DOCUMENT_MIME_TYPES.map((type) => [
              type,
              { schema: { ...binary, contentMediaType: type } },
            ]),
          ),
        },
        ...errors,
      },
    },
  },
};

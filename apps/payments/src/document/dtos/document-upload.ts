import { ValidationFailed } from '@platform/domain-kit';
import { firstCharacters, isStorableText } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import { MAX_DOCUMENT_BYTES } from '../document.decider';

/** What `POST /v1/documents` carries: a `file` part and a `purpose` field (the SDK's documents.create). */
export interface DocumentUpload {
  name: string;
  purpose: string;
  bytes: Buffer;
}

/** @fastify/multipart's limits for the service: one file of at most 10 MiB, a few small fields. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_DOCUMENT_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 6,
};

const TOO_LARGE = 'The file may not be larger than 10 MB.';
const MALFORMED =
  'The multipart body could not be read: one file part named file and a purpose field are expected.';
/** A stored file name's length, in characters. */
const MAX_NAME_CHARACTERS = 255;

/** The body as the OpenAPI document shows it (`@ApiBody` on the upload). */
export const UPLOAD_BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['file', 'purpose'],
  description:
    'A multipart/form-data body, as the official SDK\'s `documents.create` sends it: one file part named `file` and a `purpose` field. Any other part is refused (400 naming it: "<field> is/are not required and should not be sent").',
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: `The document: a PDF, PNG or JPEG, recognised by its content whatever its name or declared type say (anything else, an empty file included: "The file must be a PDF, JPEG or PNG document (its content is checked, not its name or declared type)."). At most 10 MB (${MAX_DOCUMENT_BYTES} bytes); one byte more is refused ("${TOO_LARGE}"). Without it: "The file field is required.".`,
    },
    purpose: {
      const: 'dispute_evidence',
      description:
        'Why the document is uploaded; the only purpose is `dispute_evidence` ("The purpose must be dispute_evidence."). Without it: "The purpose field is required.".',
    },
  },
};

/**
 * Reads the multipart body. The file is counted as it streams in: one byte over 10 MiB and the read
 * stops with a 400, before it is held whole. Unknown parts are refused, naming them.
 */
export async function readDocumentUpload(request: FastifyRequest): Promise<DocumentUpload> {
  if (!request.isMultipart())
    throw new ValidationFailed(
      'The request must be multipart/form-data, with a file and a purpose.',
      'file',
    );
  let file: { name: string; bytes: Buffer } | null = null;
  let purpose: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file' && file === null) {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new ValidationFailed(TOO_LARGE, 'file');
        if (!isStorableText(part.filename))
          throw new ValidationFailed(
            'The file name may not contain NUL characters or unpaired UTF-16 surrogates.',
            'file',
          );
        file = { name: firstCharacters(part.filename || 'document', MAX_NAME_CHARACTERS), bytes };
      } else if (part.type === 'field' && part.fieldname === 'purpose') {
        purpose = String(part.value);
      } else {
        if (part.type === 'file') part.file.resume();
        throw new ValidationFailed(
          `${part.fieldname} is/are not required and should not be sent`,
          part.fieldname,
        );
      }
    }
  } catch (error) {
    throw multipartFailure(error);
  }
  if (!file) throw new ValidationFailed('The file field is required.', 'file');
  if (purpose === null) throw new ValidationFailed('The purpose field is required.', 'purpose');
  return { ...file, purpose };
}

/**
 * Whatever fails while the parts are read is the body's fault, as a 400: @fastify/multipart's limits
 * (FST_ codes), and busboy's framing errors, which carry no code (no, wrong or over-long boundary,
 * a body cut short, bytes that are not multipart).
 */
function multipartFailure(error: unknown): ValidationFailed {
  if (error instanceof ValidationFailed) return error;
  const code = (error as { code?: string } | null)?.code ?? '';
  return new ValidationFailed(code === 'FST_REQ_FILE_TOO_LARGE' ? TOO_LARGE : MALFORMED, 'file');
}

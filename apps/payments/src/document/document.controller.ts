import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DOCUMENT_MIME_TYPES } from '@platform/contracts';
import type { DocumentEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { Database, orNotFound } from '@platform/event-store';
import { attachmentDisposition, Caller, EntityIdParam } from '@platform/http';
import type { RequestContext } from '@platform/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getDocumentBytes, getDocumentDetails } from './document-details/document-details.query';
import { DocumentService } from './document.service';
import { readDocumentUpload, UPLOAD_BODY_SCHEMA } from './dtos/document-upload';
import { toDocumentEntity } from './dtos/document.response';

@ApiTags('Documents')
@Controller('v1/documents')
export class DocumentController {
  constructor(
    private readonly documents: DocumentService,
    private readonly database: Database,
  ) {}

  /**
   * Upload a document
   *
   * @remarks Stores a file to use as evidence when contesting a dispute (PATCH
   * /v1/disputes/{id}/contest takes document ids). Documents are the account's, in the
   * key's mode: a document of another account or mode is answered like an unknown id.
   *
   * Refused with 400, naming the field:
   *
   * - a body that is not multipart/form-data: "The request must be multipart/form-data,
   * with a file and a purpose."; one that cannot be read as such: "The multipart body
   * could not be read: one file part named file and a purpose field are expected."
   *
   * - "The file field is required.", "The purpose field is required.", "The purpose must
   * be dispute_evidence."
   *
   * - a file over 10 MB (10485760 bytes): "The file may not be larger than 10 MB." The
   * upload is cut off as it streams in, never held whole; a body larger than 10 MB plus 64
   * KB of multipart framing is refused by the gateway before it reaches the service: "The
   * request body is too large."
   *
   * - a file that is not a PDF, PNG or JPEG by its content: "The file must be a PDF, JPEG
   * or PNG document (its content is checked, not its name or declared type)."
   *
   * @returns The stored document
   */
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: UPLOAD_BODY_SCHEMA })
  @Post()
  @HttpCode(200)
  async uploadDocument(
    @Caller() caller: RequestContext,
    @Req() request: FastifyRequest,
  ): Promise<DocumentEntity> {
    return this.documents.upload(caller, await readDocumentUpload(request));
  }

  /**
   * Fetch a document
   *
   * @returns The document (its bytes: GET /v1/documents/{id}/content)
   */
  @EntityIdParam('document', 'doc')
  @Get(':id')
  async fetchDocument(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<DocumentEntity> {
    const row = orNotFound(await getDocumentDetails(this.database, caller, id));
    return toDocumentEntity(row, this.documents.publicBaseUrl);
  }

  /**
   * Download a document
   *
   * @remarks The exact bytes uploaded, with the document's `mime_type` as their content type, as an
   * attachment named after the document (RFC 6266): `filename="…"` in ASCII (any other character,
   * `"` and `\` replaced by `_`) and, when the name is not plain ASCII, the exact name in
   * `filename*=UTF-8''…` (percent-encoded UTF-8), which browsers prefer. Control characters in the
   * name are replaced by `_` in both.
   *
   * @returns The bytes of the document
   */
  @EntityIdParam('document', 'doc')
  @ApiOkResponse({
    headers: {
      'content-disposition': {
        description:
          '`attachment; filename="<ASCII name>"`, and `; filename*=UTF-8\'\'<percent-encoded name>` when the name is not plain ASCII',
        schema: {
          type: 'string',
          examples: [
            'attachment; filename="delivery-proof.pdf"',
            'attachment; filename="______.png"; filename*=UTF-8\'\'%E0%A4%AA%E0%A5%8D%E0%A4%B0%E0%A4%AE%E0%A4%BE%E0%A4%A3.png',
          ],
        },
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
        { schema: { type: 'string', format: 'binary', contentMediaType: type } },
      ]),
    ),
  })
  @Get(':id/content')
  async fetchDocumentContent(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const row = await getDocumentDetails(this.database, caller, id);
    const bytes = row && (await getDocumentBytes(this.database, caller, id));
    if (!row || !bytes) throw new NotFound();
    await reply
      .header('content-type', row.mimeType)
      .header('content-disposition', attachmentDisposition(row.name))
      .header('x-content-sha256', row.sha256)
      .send(bytes);
  }
}

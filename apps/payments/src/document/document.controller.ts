import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DOCUMENT_MIME_TYPES } from '@platform/contracts';
import type { DocumentEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, EntityIdParam } from '@platform/http';
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
   * attachment named after the document (`"`, `\` and line breaks in the name replaced by
   * `_`).
   *
   * @returns The bytes of the document
   */
  @EntityIdParam('document', 'doc')
  @ApiOkResponse({
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
    const filename = row.name.replace(/["\\\r\n]/g, '_');
    await reply
      .header('content-type', row.mimeType)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-content-sha256', row.sha256)
      .send(bytes);
  }
}

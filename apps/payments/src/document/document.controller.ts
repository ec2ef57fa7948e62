import { createHash } from 'node:crypto';
import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { DocumentEntity } from '@platform/contracts';
import { newId, NotFound, ValidationFailed } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getDocumentBytes, getDocumentDetails } from './document-details/document-details.query';
import { documentDetailsProjection } from './document-details/document-details.projection';
import { documentTypeOf } from './document-type';
import { readDocumentUpload } from './document-upload';
import { uploadOf } from './document.stream';
import { toDocumentEntity } from './dtos/document.response';

@Controller('v1/documents')
export class DocumentController {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** multipart/form-data: `file` (PDF, JPEG or PNG by content, at most 10 MB) and `purpose` = dispute_evidence. */
  @Post()
  @HttpCode(200)
  async upload(
    @Caller() caller: RequestContext,
    @Req() request: FastifyRequest,
  ): Promise<DocumentEntity> {
    const upload = await readDocumentUpload(request);
    if (upload.purpose !== 'dispute_evidence')
      throw new ValidationFailed('The purpose must be dispute_evidence.', 'purpose');
    const mimeType = documentTypeOf(upload.bytes);
    if (!mimeType)
      throw new ValidationFailed(
        'The file must be a PDF, JPEG or PNG document (its content is checked, not its name or declared type).',
        'file',
      );
    const documentId = newId('doc');
    const file = {
      purpose: 'dispute_evidence' as const,
      name: upload.name,
      mimeType,
      size: upload.bytes.length,
      sha256: createHash('sha256').update(upload.bytes).digest('hex'),
    };
    const { stream } = await this.handler.handle(
      uploadOf(
        documentId,
        {
          type: 'UploadDocument',
          data: { documentId, file },
          metadata: this.clock.metadata(caller),
        },
        upload.bytes,
      ),
    );
    const row = documentDetailsProjection.view(stream);
    if (!row) throw new NotFound();
    return toDocumentEntity(row);
  }

  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<DocumentEntity> {
    const row = await getDocumentDetails(this.database, caller, id);
    if (!row) throw new NotFound();
    return toDocumentEntity(row);
  }

  /** The exact bytes uploaded, with their content type. */
  @Get(':id/content')
  async content(
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

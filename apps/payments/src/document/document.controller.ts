import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { DocumentEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { Database, orNotFound } from '@platform/event-store';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getDocumentBytes, getDocumentDetails } from './document-details/document-details.query';
import { DocumentService } from './document.service';
import { readDocumentUpload } from './dtos/document-upload';
import { toDocumentEntity } from './dtos/document.response';

@Controller('v1/documents')
export class DocumentController {
  constructor(
    private readonly documents: DocumentService,
    private readonly database: Database,
  ) {}

  /** multipart/form-data: `file` (PDF, JPEG or PNG by content, at most 10 MB) and `purpose` = dispute_evidence. */
  @Post()
  @HttpCode(200)
  async upload(
    @Caller() caller: RequestContext,
    @Req() request: FastifyRequest,
  ): Promise<DocumentEntity> {
    return this.documents.upload(caller, await readDocumentUpload(request));
  }

  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<DocumentEntity> {
    const row = orNotFound(await getDocumentDetails(this.database, caller, id));
    return toDocumentEntity(row, this.documents.publicBaseUrl);
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

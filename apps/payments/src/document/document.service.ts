import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DocumentEntity } from '@platform/contracts';
import { newId, ValidationFailed } from '@platform/domain-kit';
import { CommandHandler, orNotFound } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { PaymentsConfig } from '../payments.config';
import { documentDetailsProjection } from './document-details/document-details.projection';
import { documentTypeOf } from './document-type';
import { uploadOf } from './document.stream';
import type { DocumentUpload } from './dtos/document-upload';
import { toDocumentEntity } from './dtos/document.response';

/** The document use case: a merchant uploads evidence for a dispute. */
@Injectable()
export class DocumentService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceKitOptions,
  ) {}

  /** The gateway's public address, which a document's `url` starts with. */
  get publicBaseUrl(): string {
    return (this.options.config as PaymentsConfig).PUBLIC_BASE_URL;
  }

  /** Only dispute evidence, only a PDF, JPEG or PNG by its content; the bytes are kept with the event. */
  async upload(caller: RequestContext, upload: DocumentUpload): Promise<DocumentEntity> {
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
    const row = orNotFound(documentDetailsProjection.view(stream));
    return toDocumentEntity(row, this.publicBaseUrl);
  }
}

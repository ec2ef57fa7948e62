import type { DocumentEntity } from '@platform/contracts';
import type { DocumentDetailsRow } from '../document-details/document-details.entity';

export function toDocumentEntity(row: DocumentDetailsRow): DocumentEntity {
  return {
    id: row.id,
    entity: 'document',
    purpose: row.purpose,
    name: row.name,
    display_name: row.name,
    mime_type: row.mimeType,
    size: row.size,
    created_at: row.createdAt,
  };
}

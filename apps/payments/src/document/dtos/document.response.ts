import type { DocumentEntity } from '@platform/contracts';
import type { DocumentDetailsRow } from '../document-details/document-details.entity';

/** Where the gateway serves a document's bytes (to the account's API keys). */
export const documentContentUrl = (publicBaseUrl: string, documentId: string) =>
  `${publicBaseUrl.replace(/\/+$/, '')}/v1/documents/${documentId}/content`;

export function toDocumentEntity(row: DocumentDetailsRow, publicBaseUrl: string): DocumentEntity {
  return {
    id: row.id,
    entity: 'document',
    purpose: row.purpose,
    name: row.name,
    display_name: row.name,
    mime_type: row.mimeType,
    size: row.size,
    created_at: row.createdAt,
    url: documentContentUrl(publicBaseUrl, row.id),
  };
}

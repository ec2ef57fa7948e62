import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { DocumentEvent } from '../document.events';
import { DocumentDetailsRow } from './document-details.entity';

export function evolveDocumentDetails(
  row: DocumentDetailsRow | null,
  stored: StoredEvent,
): DocumentDetailsRow | null {
  const event = stored as StoredEvent<DocumentEvent>;
  if (event.type !== 'DocumentUploaded') return row;
  const { file, createdAt } = event.data;
  return newRow(event, createdAt, file);
}

/** Inline: a document can be fetched, and used as evidence, right after its upload. */
export const documentDetailsProjection = rowProjection<DocumentDetailsRow>({
  name: 'document-details',
  entity: DocumentDetailsRow,
  canHandle: ['DocumentUploaded'],
  evolve: evolveDocumentDetails,
});

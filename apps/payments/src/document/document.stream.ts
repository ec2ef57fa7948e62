import type { CommandSpec } from '@platform/event-store';
import { documentDetailsProjection } from './document-details/document-details.projection';
import type { DocumentCommand } from './document.commands';
import { DOCUMENT_STREAM, documentDecider } from './document.decider';
import type { Document } from './document.decider';
import type { DocumentEvent } from './document.events';

/**
 * A new document: its event and read model, and its bytes in the blob table, in one statement (the
 * bytes are written only if the event is).
 */
export function uploadOf(
  documentId: string,
  command: DocumentCommand,
  bytes: Buffer,
): CommandSpec<Document, DocumentCommand, DocumentEvent> {
  const { accountId, mode } = command.metadata;
  return {
    decider: documentDecider,
    streamType: DOCUMENT_STREAM,
    streamId: documentId,
    command,
    isNew: true,
    projections: [documentDetailsProjection],
    also: [
      {
        text: 'INSERT INTO document_blobs (id, account_id, mode, bytes) VALUES ($1, $2, $3, $4) RETURNING 1',
        values: [documentId, accountId, mode, bytes],
      },
    ],
  };
}

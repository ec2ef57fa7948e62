import type { Event } from '@platform/domain-kit';

export type DocumentPurpose = 'dispute_evidence';

/** The document's metadata; its bytes are in the blob table, never in events (the sha256 names them). */
export interface DocumentFile {
  purpose: DocumentPurpose;
  name: string;
  mimeType: 'application/pdf' | 'image/png' | 'image/jpeg';
  size: number;
  sha256: string;
}

/** `createdAt`: milliseconds on the account's clock. */
export type DocumentUploaded = Event<
  'DocumentUploaded',
  { documentId: string; file: DocumentFile; createdAt: number }
>;

export type DocumentEvent = DocumentUploaded;

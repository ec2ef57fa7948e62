import type { Command } from '@platform/domain-kit';
import type { DocumentFile } from './document.events';

export type UploadDocument = Command<'UploadDocument', { documentId: string; file: DocumentFile }>;

export type DocumentCommand = UploadDocument;

import { AlreadyExists, assertUnreachable, ValidationFailed } from '@platform/domain-kit';
import type { DocumentCommand, UploadDocument } from './document.commands';
import type { DocumentEvent } from './document.events';

export const DOCUMENT_STREAM = 'document';
/** The largest document accepted: 10 MiB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export type Document = { status: 'new' } | { status: 'uploaded' };

export const initialState = (): Document => ({ status: 'new' });

export function evolve(_state: Document, event: DocumentEvent): Document {
  switch (event.type) {
    case 'DocumentUploaded':
      return { status: 'uploaded' };
    default:
      return assertUnreachable(event.type);
  }
}

export function upload(command: UploadDocument, state: Document): DocumentEvent {
  if (state.status !== 'new') throw new AlreadyExists('The document already exists.');
  const { file } = command.data;
  if (file.size === 0) throw new ValidationFailed('The file is empty.', 'file');
  if (file.size > MAX_DOCUMENT_BYTES)
    throw new ValidationFailed('The file may not be larger than 10 MB.', 'file');
  return {
    type: 'DocumentUploaded',
    data: { documentId: command.data.documentId, file, createdAt: command.metadata.now },
  };
}

export function decide(command: DocumentCommand, state: Document): DocumentEvent {
  switch (command.type) {
    case 'UploadDocument':
      return upload(command, state);
    default:
      return assertUnreachable(command.type);
  }
}

export const documentDecider = { decide, evolve, initialState };

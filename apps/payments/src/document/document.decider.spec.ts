import { AlreadyExists, fold } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { DeciderSpecification, invalid } from '@platform/testing-core';
import type { UploadDocument } from './document.commands';
import { documentDecider } from './document.decider';
import type { DocumentFile, DocumentUploaded } from './document.events';

const DOCUMENT_ID = 'doc_AbCdEfGhIjKlMn';
/** When the document is uploaded (ms). */
const NOW = 1_700_000_000_000;
const METADATA: CommandMetadata = { accountId: 'acc_Test0000000001', mode: 'test', now: NOW };
/** The largest document accepted: 10 MiB. */
const MAX_BYTES = 10 * 1024 * 1024;

function file(overrides: Partial<DocumentFile> = {}): DocumentFile {
  return {
    purpose: 'dispute_evidence',
    name: 'delivery-note.pdf',
    mimeType: 'application/pdf',
    size: 48_213,
    sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    ...overrides,
  };
}

function uploadDocument(overrides: Partial<DocumentFile> = {}): UploadDocument {
  return {
    type: 'UploadDocument',
    data: { documentId: DOCUMENT_ID, file: file(overrides) },
    metadata: METADATA,
  };
}

function documentUploaded(overrides: Partial<DocumentFile> = {}): DocumentUploaded {
  return {
    type: 'DocumentUploaded',
    data: { documentId: DOCUMENT_ID, file: file(overrides), createdAt: NOW },
  };
}

const given = DeciderSpecification.for(documentDecider);

describe('Document', () => {
  describe('when it does not exist', () => {
    it('is uploaded with its file and the time in milliseconds', () => {
      given([])
        .when(uploadDocument())
        .then([
          {
            type: 'DocumentUploaded',
            data: { documentId: 'doc_AbCdEfGhIjKlMn', file: file(), createdAt: NOW },
          },
        ]);
    });

    it('is uploaded as an image', () => {
      given([])
        .when(uploadDocument({ name: 'parcel.jpg', mimeType: 'image/jpeg' }))
        .then([documentUploaded({ name: 'parcel.jpg', mimeType: 'image/jpeg' })]);
    });

    it('refuses an empty file', () => {
      given([])
        .when(uploadDocument({ size: 0 }))
        .thenThrows(invalid('file', 'The file is empty.'));
    });

    it('is uploaded with the smallest file, 1 byte', () => {
      given([])
        .when(uploadDocument({ size: 1 }))
        .then([documentUploaded({ size: 1 })]);
    });

    it('is uploaded with a file of exactly 10 MiB', () => {
      given([])
        .when(uploadDocument({ size: MAX_BYTES }))
        .then([documentUploaded({ size: MAX_BYTES })]);
    });

    it('refuses a file larger than 10 MiB', () => {
      given([])
        .when(uploadDocument({ size: MAX_BYTES + 1 }))
        .thenThrows(invalid('file', 'The file may not be larger than 10 MB.'));
    });

    it('is new', () => {
      expect(fold(documentDecider, [])).toEqual({ status: 'new' });
    });
  });

  describe('when uploaded', () => {
    const history = [documentUploaded()];

    it('is uploaded', () => {
      expect(fold(documentDecider, history)).toEqual({ status: 'uploaded' });
    });

    it('cannot be uploaded again', () => {
      given(history).when(uploadDocument()).thenThrows(AlreadyExists);
    });

    it('cannot be uploaded again with another file', () => {
      given(history)
        .when(uploadDocument({ name: 'other.png', mimeType: 'image/png', size: 1024 }))
        .thenThrows(AlreadyExists);
    });
  });
});

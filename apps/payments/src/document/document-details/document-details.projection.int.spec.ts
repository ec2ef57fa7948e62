import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { PAYMENTS_ENTITIES, PAYMENTS_MIGRATIONS } from '../../app.module';
import { DOCUMENT_STREAM } from '../document.decider';
import type { DocumentFile, DocumentUploaded } from '../document.events';
import type { DocumentDetailsRow } from './document-details.entity';
import { documentDetailsProjection } from './document-details.projection';
import { getDocumentDetails } from './document-details.query';

const NOW = 1_700_000_000_000;
const METADATA = { accountId: 'acc_Test0000000001', mode: 'test' as const, now: NOW };
const FILE: DocumentFile = {
  purpose: 'dispute_evidence',
  name: 'delivery-note.pdf',
  mimeType: 'application/pdf',
  size: 48_213,
  sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
};

const spec = ProjectionSpecification.forStreams(documentDetailsProjection, {
  entities: PAYMENTS_ENTITIES,
  migrations: PAYMENTS_MIGRATIONS,
  streamType: DOCUMENT_STREAM,
  metadata: METADATA,
  read: getDocumentDetails,
});
const { detailsOf } = spec;
const uploaded = (documentId: string): DocumentUploaded => ({
  type: 'DocumentUploaded',
  data: { documentId, file: FILE, createdAt: NOW },
});
const document = (streamId: string) => spec.stream(streamId, uploaded(streamId));
const uploadedRow = (id: string): DocumentDetailsRow => ({
  ...rowOrigin(id, METADATA, NOW),
  ...FILE,
});

spec.describe('document details projection', () => {
  it('shows an uploaded document with its name, type, size and digest', () =>
    spec
      .given(...document('doc_Uploaded000001'))
      .then(detailsOf('doc_Uploaded000001'), uploadedRow('doc_Uploaded000001')));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(...document('doc_Replayed000001'))
      .thenAfter('redelivery', detailsOf('doc_Replayed000001'), uploadedRow('doc_Replayed000001')));

  it('shows the document to no other account or mode', async () => {
    await spec
      .given(...document('doc_OtherTenant001'))
      .then(detailsOf('doc_OtherTenant001'), uploadedRow('doc_OtherTenant001'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getDocumentDetails(db, other, 'doc_OtherTenant001'), null);
  });
});

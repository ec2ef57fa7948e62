import type { DocumentMimeType } from '@platform/contracts';
import { bigintAsNumber, ReadModelRow } from '@platform/event-store';
import { Column, Entity } from 'typeorm';

/** One row per document: what GET /v1/documents/:id reads, and what dispute evidence is checked against. */
@Entity('documents')
export class DocumentDetailsRow extends ReadModelRow {
  @Column('text') purpose!: 'dispute_evidence';
  @Column('text') name!: string;
  @Column('text', { name: 'mime_type' }) mimeType!: DocumentMimeType;
  @Column('bigint', { transformer: bigintAsNumber }) size!: number;
  @Column('text') sha256!: string;
}

import { bigintAsNumber } from '@platform/event-store';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per document: what GET /v1/documents/:id reads, and what dispute evidence is checked against. */
@Entity('documents')
export class DocumentDetailsRow {
  @PrimaryColumn('text') id!: string;
  @Column('integer') version!: number;
  @Column('text', { name: 'account_id' }) accountId!: string;
  @Column('text') mode!: 'test' | 'live';
  @Column('text') purpose!: 'dispute_evidence';
  @Column('text') name!: string;
  @Column('text', { name: 'mime_type' }) mimeType!: 'application/pdf' | 'image/png' | 'image/jpeg';
  @Column('bigint', { transformer: bigintAsNumber }) size!: number;
  @Column('text') sha256!: string;
  @Column('bigint', { name: 'created_at', transformer: bigintAsNumber }) createdAt!: number;
  @Column('bigint', { name: 'created_ms', transformer: bigintAsNumber }) createdMs!: number;
}

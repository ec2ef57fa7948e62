import { ReadModelTableMigration } from '@platform/event-store';
import type { QueryRunner } from 'typeorm';

/** Documents (metadata, projected from events) and their bytes (a blob table, written with the event). */
export class DocumentDetails1763900000800 extends ReadModelTableMigration {
  name = 'DocumentDetails1763900000800';
  protected readonly table = 'documents';
  protected readonly columns = `
    purpose text NOT NULL,
    name text NOT NULL,
    mime_type text NOT NULL,
    size bigint NOT NULL,
    sha256 text NOT NULL`;
  protected override readonly listed = false;

  override async up(runner: QueryRunner): Promise<void> {
    await super.up(runner);
    await runner.query(`
      CREATE TABLE document_blobs (
        id text PRIMARY KEY,
        account_id text NOT NULL,
        mode text NOT NULL,
        bytes bytea NOT NULL
      )`);
  }

  override async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE document_blobs');
    await super.down(runner);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Documents (metadata, projected from events) and their bytes (a blob table, written with the event). */
export class DocumentDetails1763900000800 implements MigrationInterface {
  name = 'DocumentDetails1763900000800';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE documents (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        purpose text NOT NULL,
        name text NOT NULL,
        mime_type text NOT NULL,
        size bigint NOT NULL,
        sha256 text NOT NULL,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(`
      CREATE TABLE document_blobs (
        id text PRIMARY KEY,
        account_id text NOT NULL,
        mode text NOT NULL,
        bytes bytea NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE document_blobs');
    await runner.query('DROP TABLE documents');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BillDetails1763900002000 implements MigrationInterface {
  name = 'BillDetails1763900002000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE bills (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        receipt_number text NOT NULL,
        receipt_timestamp bigint NOT NULL,
        receipt_type text NOT NULL,
        receipt_delivery text NOT NULL,
        customer jsonb NOT NULL,
        line_items jsonb NOT NULL,
        summary jsonb NOT NULL,
        currency text NOT NULL,
        payments jsonb NOT NULL,
        notes jsonb NOT NULL,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL,
        updated_at bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX bills_newest_first ON bills (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
    // A receipt number names one bill per account and mode, safe under concurrent writes; deleting the bill (its row) frees it.
    await runner.query(
      'CREATE UNIQUE INDEX bills_receipt_number_unique ON bills (account_id, mode, receipt_number)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE bills');
  }
}

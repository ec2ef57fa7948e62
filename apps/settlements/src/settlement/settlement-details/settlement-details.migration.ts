import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SettlementDetails1764000000200 implements MigrationInterface {
  name = 'SettlementDetails1764000000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE settlements (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        currency text NOT NULL,
        amount bigint NOT NULL,
        status text NOT NULL,
        utr text,
        entry_count integer NOT NULL,
        processed_at bigint,
        failed_at bigint,
        failure_reason text,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX settlements_newest_first ON settlements (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
    await runner.query(
      `CREATE INDEX settlements_processed ON settlements (account_id, mode, processed_at) WHERE status = 'processed'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE settlements');
  }
}

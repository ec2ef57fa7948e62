import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OndemandSettlementDetails1764000000300 implements MigrationInterface {
  name = 'OndemandSettlementDetails1764000000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE ondemand_settlements (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        currency text NOT NULL,
        amount_requested bigint NOT NULL,
        settle_full_balance boolean NOT NULL,
        description text,
        notes jsonb NOT NULL,
        fees bigint NOT NULL,
        tax bigint NOT NULL,
        status text NOT NULL,
        payouts jsonb NOT NULL,
        processed_at bigint,
        reversed_at bigint,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX ondemand_settlements_newest_first ON ondemand_settlements (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE ondemand_settlements');
  }
}

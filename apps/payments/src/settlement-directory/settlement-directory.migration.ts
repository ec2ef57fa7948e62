import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SettlementDirectory1763900005000 implements MigrationInterface {
  name = 'SettlementDirectory1763900005000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE payment_settlements (
        payment_id text PRIMARY KEY,
        account_id text NOT NULL,
        mode text NOT NULL,
        settlement_id text NOT NULL,
        settlement jsonb NOT NULL,
        settled_at bigint NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE payment_settlements');
  }
}

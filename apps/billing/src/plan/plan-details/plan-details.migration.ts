import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PlanDetails1763900001100 implements MigrationInterface {
  name = 'PlanDetails1763900001100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE plans (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        period text NOT NULL,
        interval integer NOT NULL,
        item jsonb NOT NULL,
        notes jsonb NOT NULL,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX plans_newest_first ON plans (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE plans');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The test-mode clock of each account: how far it runs ahead of real time (DESIGN.md "Time"). */
export class TestClocks1763900000300 implements MigrationInterface {
  name = 'TestClocks1763900000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE test_clocks (
        account_id text PRIMARY KEY REFERENCES accounts (id),
        offset_seconds bigint NOT NULL CHECK (offset_seconds >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE test_clocks');
  }
}

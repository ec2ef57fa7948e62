import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settlement settings per account and mode, and the due-job rule of settlement cycles: at most one
 * cycle per balance and day, so every write that leaves something unsettled may ask for one.
 */
export class SettlementSettings1764000000400 implements MigrationInterface {
  name = 'SettlementSettings1764000000400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE settlement_settings (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        delay_days integer NOT NULL,
        bank_transfers_fail boolean NOT NULL,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(
      `CREATE UNIQUE INDEX due_jobs_one_settlement_cycle_a_day ON due_jobs (stream_id, due_at) WHERE kind = 'settlement.cycle'`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX due_jobs_one_settlement_cycle_a_day');
    await runner.query('DROP TABLE settlement_settings');
  }
}

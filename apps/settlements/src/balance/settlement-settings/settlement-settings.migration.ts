import { ReadModelTableMigration } from '@platform/event-store';
import type { QueryRunner } from 'typeorm';

/**
 * Settlement settings per account and mode, and the due-job rule of settlement cycles: at most one
 * cycle per balance and day, so every write that leaves something unsettled may ask for one.
 */
export class SettlementSettings1764000000400 extends ReadModelTableMigration {
  name = 'SettlementSettings1764000000400';
  protected readonly table = 'settlement_settings';
  protected readonly columns = `
    delay_days integer NOT NULL,
    bank_transfers_fail boolean NOT NULL`;
  protected override readonly listed = false;
  protected override readonly indexes = [
    `CREATE UNIQUE INDEX due_jobs_one_settlement_cycle_a_day ON due_jobs (stream_id, due_at) WHERE kind = 'settlement.cycle'`,
  ];

  override async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX due_jobs_one_settlement_cycle_a_day');
    await super.down(runner);
  }
}

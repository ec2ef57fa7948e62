import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How far this service has caught up on each owner's outbox per account and mode (EventCatchUp):
 * the owner's transaction-id horizon below which every row has been applied here.
 */
export class CatchUpHorizons1765000000100 implements MigrationInterface {
  name = 'CatchUpHorizons1765000000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE catch_up_horizons (
        owner text NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        horizon bigint NOT NULL,
        PRIMARY KEY (owner, account_id, mode)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE catch_up_horizons');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox read by account: each row's account and mode, taken from its envelope (so no writer has
 * to pass them twice), and an index in commit order per account. Other services read it through
 * `GET /internal/outbox` to catch up on an account's events before answering a request that depends
 * on them (see EventCatchUp in @platform/messaging).
 */
export class OutboxByAccount1765000000000 implements MigrationInterface {
  name = 'OutboxByAccount1765000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      ALTER TABLE outbox
        ADD COLUMN account_id text GENERATED ALWAYS AS (payload->>'account_id') STORED,
        ADD COLUMN mode text GENERATED ALWAYS AS (payload->>'mode') STORED`);
    await runner.query(
      `CREATE INDEX outbox_by_account ON outbox (account_id, mode, transaction_id, position)`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX outbox_by_account');
    await runner.query('ALTER TABLE outbox DROP COLUMN account_id, DROP COLUMN mode');
  }
}

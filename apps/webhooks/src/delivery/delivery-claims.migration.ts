import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deliveries are claimed webhook by webhook (each one's due deliveries, oldest first, up to its room):
 * an index per webhook and due time replaces the single due-time index, through which a webhook with
 * a large backlog made every claim walk its rows.
 */
export class DeliveryClaims1764100000300 implements MigrationInterface {
  name = 'DeliveryClaims1764100000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX webhook_deliveries_due_per_webhook ON webhook_deliveries (webhook_id, next_attempt_at) WHERE status = 'pending'`,
    );
    await runner.query('DROP INDEX webhook_deliveries_due');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`,
    );
    await runner.query('DROP INDEX webhook_deliveries_due_per_webhook');
  }
}

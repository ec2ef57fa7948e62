import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leaner deliveries, as each event writes one per subscribed webhook (a dead endpoint's among them):
 * an event's body is stored once and named by its event id, and the unique (webhook, event)
 * constraint goes, as a delivery's id is derived from both and its primary key already says it.
 */
export class LeanDeliveries1764100000400 implements MigrationInterface {
  name = 'LeanDeliveries1764100000400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE TABLE webhook_event_bodies (event_id text PRIMARY KEY, body text NOT NULL)',
    );
    await runner.query(
      'INSERT INTO webhook_event_bodies (event_id, body) SELECT DISTINCT ON (event_id) event_id, body FROM webhook_deliveries ORDER BY event_id',
    );
    await runner.query('ALTER TABLE webhook_deliveries DROP COLUMN body');
    await runner.query('ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_once');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_once UNIQUE (webhook_id, event_id)',
    );
    await runner.query('ALTER TABLE webhook_deliveries ADD COLUMN body text');
    await runner.query(
      'UPDATE webhook_deliveries d SET body = b.body FROM webhook_event_bodies b WHERE b.event_id = d.event_id',
    );
    await runner.query('ALTER TABLE webhook_deliveries ALTER COLUMN body SET NOT NULL');
    await runner.query('DROP TABLE webhook_event_bodies');
  }
}

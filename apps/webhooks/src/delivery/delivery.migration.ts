import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deliveries and their attempts: operational rows, not event-sourced (there is one per webhook and
 * event, and an attempt per try; their history is these rows). A delivery is written in the same
 * transaction that takes its event from Kafka, so none is lost; one per webhook and event, however
 * often the event arrives. Entity snapshots: the latest state of each entity the events brought, for
 * payloads that name an entity their event does not carry.
 */
export class Deliveries1764100000200 implements MigrationInterface {
  name = 'Deliveries1764100000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE webhook_deliveries (
        id text PRIMARY KEY,
        webhook_id text NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        event_id text NOT NULL,
        event text NOT NULL,
        body text NOT NULL,
        sealed_secret text,
        status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        event_at bigint NOT NULL,
        next_attempt_at bigint NOT NULL,
        leased_until bigint NOT NULL DEFAULT 0,
        last_status_code integer,
        last_error text,
        delivered_at bigint,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL,
        CONSTRAINT webhook_deliveries_once UNIQUE (webhook_id, event_id)
      )`);
    await runner.query(
      `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`,
    );
    await runner.query(
      'CREATE INDEX webhook_deliveries_newest_first ON webhook_deliveries (webhook_id, created_at DESC, created_ms DESC, id DESC)',
    );
    await runner.query(`
      CREATE TABLE webhook_attempts (
        delivery_id text NOT NULL,
        attempt integer NOT NULL,
        attempted_at bigint NOT NULL,
        status_code integer,
        latency_ms integer NOT NULL,
        error text,
        PRIMARY KEY (delivery_id, attempt)
      )`);
    await runner.query(`
      CREATE TABLE entity_snapshots (
        id text PRIMARY KEY,
        account_id text NOT NULL,
        mode text NOT NULL,
        kind text NOT NULL,
        entity jsonb NOT NULL,
        seen_at bigint NOT NULL
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE entity_snapshots');
    await runner.query('DROP TABLE webhook_attempts');
    await runner.query('DROP TABLE webhook_deliveries');
  }
}

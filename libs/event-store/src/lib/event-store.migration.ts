import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tables every service's database has: the event store, the outbox (integration events waiting
 * for the relay) and the inbox (messages a consumer already handled).
 */
export class EventStoreSchema1763800000000 implements MigrationInterface {
  name = 'EventStoreSchema1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE events (
        global_position bigserial PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id text NOT NULL,
        stream_type text NOT NULL,
        version integer NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        recorded_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_stream_version_unique UNIQUE (stream_id, version)
      )`);
    await runner.query(
      `CREATE INDEX events_by_stream_type ON events (stream_type, transaction_id, global_position)`,
    );
    await runner.query(`
      CREATE TABLE outbox (
        position bigserial PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        message_id uuid NOT NULL UNIQUE,
        topic text NOT NULL,
        message_key text NOT NULL,
        payload jsonb NOT NULL,
        headers jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await runner.query(
      `CREATE INDEX outbox_unpublished ON outbox (transaction_id, position) WHERE published_at IS NULL`,
    );
    await runner.query(`
      CREATE TABLE inbox (
        consumer text NOT NULL,
        message_id text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, message_id)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE inbox');
    await runner.query('DROP TABLE outbox');
    await runner.query('DROP TABLE events');
  }
}

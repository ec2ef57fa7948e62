import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messages a consumer could not handle (`dead_letters`): kept as received, with why and how often it
 * failed, until an operator replays them. One row per message and handler (the handler's inbox
 * name), or per message and consumer group when it is no event at all; a redelivered message adds
 * no second row.
 */
export class DeadLettersSchema1764200000000 implements MigrationInterface {
  name = 'DeadLettersSchema1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE dead_letters (
        id bigserial PRIMARY KEY,
        topic text NOT NULL,
        partition integer NOT NULL,
        message_offset bigint NOT NULL,
        message_key text,
        headers jsonb NOT NULL DEFAULT '{}',
        value bytea,
        consumer text NOT NULL,
        event_id text,
        event_type text,
        error text NOT NULL,
        attempts integer NOT NULL,
        first_failed_at timestamptz NOT NULL,
        dead_at timestamptz NOT NULL DEFAULT now(),
        replayed_at timestamptz,
        UNIQUE (topic, partition, message_offset, consumer)
      )`);
    await runner.query(
      'CREATE INDEX dead_letters_not_replayed ON dead_letters (id) WHERE replayed_at IS NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE dead_letters');
  }
}

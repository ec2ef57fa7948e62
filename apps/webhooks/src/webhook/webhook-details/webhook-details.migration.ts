import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookDetails1764100000100 implements MigrationInterface {
  name = 'WebhookDetails1764100000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE webhooks (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        url text NOT NULL,
        events jsonb NOT NULL,
        active boolean NOT NULL,
        sealed_secret text,
        alert_email text,
        updated_at bigint NOT NULL,
        disabled_at bigint,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX webhooks_newest_first ON webhooks (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE webhooks');
  }
}

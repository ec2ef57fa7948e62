import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SubscriptionDetails1763900004000 implements MigrationInterface {
  name = 'SubscriptionDetails1763900004000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE subscriptions (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        status text NOT NULL,
        plan_id text NOT NULL,
        authorization_order_id text NOT NULL,
        state jsonb NOT NULL,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX subscriptions_newest_first ON subscriptions (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
    await runner.query(
      'CREATE UNIQUE INDEX subscriptions_by_authorization_order ON subscriptions (authorization_order_id)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE subscriptions');
  }
}

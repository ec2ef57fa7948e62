import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What payments keeps of billing's subscriptions: the authorization order and, once authorized, the saved card. */
export class SubscriptionMandates1763900004100 implements MigrationInterface {
  name = 'SubscriptionMandates1763900004100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE subscription_mandates (
        subscription_id text PRIMARY KEY,
        account_id text NOT NULL,
        mode text NOT NULL,
        authorization_order_id text NOT NULL,
        refund_authorization boolean NOT NULL,
        token jsonb,
        declines_remaining integer NOT NULL DEFAULT 0
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE subscription_mandates');
  }
}

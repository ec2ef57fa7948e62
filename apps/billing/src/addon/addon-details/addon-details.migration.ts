import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddonDetails1763900004200 implements MigrationInterface {
  name = 'AddonDetails1763900004200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE addons (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        subscription_id text NOT NULL,
        item_id text NOT NULL,
        item jsonb NOT NULL,
        quantity integer NOT NULL,
        invoice_id text,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL,
        updated_at bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX addons_newest_first ON addons (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
    await runner.query(
      'CREATE INDEX addons_unbilled ON addons (subscription_id) WHERE invoice_id IS NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE addons');
  }
}

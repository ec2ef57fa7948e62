import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OrderDetails1763900000400 implements MigrationInterface {
  name = 'OrderDetails1763900000400';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE orders (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        amount bigint NOT NULL,
        amount_paid bigint NOT NULL,
        currency text NOT NULL,
        receipt text,
        status text NOT NULL,
        attempts integer NOT NULL,
        notes jsonb NOT NULL,
        partial_payment boolean NOT NULL,
        first_payment_min_amount bigint,
        payment_capture boolean NOT NULL,
        authorized boolean NOT NULL,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX orders_newest_first ON orders (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
    // A receipt names one order per account and mode (reference 2.1), safe under concurrent creates.
    await runner.query(
      'CREATE UNIQUE INDEX orders_receipt_unique ON orders (account_id, mode, receipt) WHERE receipt IS NOT NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE orders');
  }
}

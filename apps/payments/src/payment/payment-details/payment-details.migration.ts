import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PaymentDetails1763900000410 implements MigrationInterface {
  name = 'PaymentDetails1763900000410';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE payments (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        amount bigint NOT NULL,
        currency text NOT NULL,
        status text NOT NULL,
        order_id text,
        invoice_id text,
        method text NOT NULL,
        captured boolean NOT NULL,
        amount_refunded bigint NOT NULL,
        description text,
        card jsonb,
        bank text,
        wallet text,
        vpa text,
        email text,
        contact text,
        notes jsonb NOT NULL,
        fee bigint,
        tax bigint,
        error jsonb,
        acquirer_data jsonb NOT NULL,
        international boolean NOT NULL,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX payments_newest_first ON payments (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
    await runner.query(
      'CREATE INDEX payments_by_order ON payments (order_id, created_at DESC, created_ms DESC, id DESC) WHERE order_id IS NOT NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE payments');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InvoiceDetails1763900003000 implements MigrationInterface {
  name = 'InvoiceDetails1763900003000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE invoices (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        status text NOT NULL,
        type text NOT NULL,
        receipt text,
        customer_id text,
        subscription_id text,
        order_id text,
        payment_id text,
        terms jsonb NOT NULL,
        amount bigint NOT NULL,
        amount_paid bigint NOT NULL,
        issued_at bigint,
        paid_at bigint,
        cancelled_at bigint,
        expired_at bigint,
        sms_status text,
        email_status text,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX invoices_newest_first ON invoices (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
    await runner.query(
      'CREATE INDEX invoices_of_subscription ON invoices (subscription_id, created_at DESC) WHERE subscription_id IS NOT NULL',
    );
    // A receipt names one invoice per account and mode; a deleted draft's row is gone, freeing it.
    await runner.query(
      'CREATE UNIQUE INDEX invoices_receipt_unique ON invoices (account_id, mode, receipt) WHERE receipt IS NOT NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE invoices');
  }
}

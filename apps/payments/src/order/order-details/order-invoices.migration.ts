import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Orders opened for billing's invoices: the simulator finds an invoice's order by the invoice id. */
export class OrderInvoices1763900003100 implements MigrationInterface {
  name = 'OrderInvoices1763900003100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders ADD COLUMN invoice_id text');
    await runner.query(
      'CREATE UNIQUE INDEX orders_of_invoice ON orders (invoice_id) WHERE invoice_id IS NOT NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX orders_of_invoice');
    await runner.query('ALTER TABLE orders DROP COLUMN invoice_id');
  }
}

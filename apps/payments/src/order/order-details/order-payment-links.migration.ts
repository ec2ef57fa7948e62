import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders made for payment links. A link's order takes the link's reference_id as its receipt, and
 * reference ids are unique among links (payment_links_reference_unique), not among orders: the
 * receipts of links' orders stay out of the orders' own uniqueness.
 */
export class OrderPaymentLinks1765300000100 implements MigrationInterface {
  name = 'OrderPaymentLinks1765300000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders ADD COLUMN payment_link_id text');
    await runner.query('DROP INDEX orders_receipt_unique');
    await runner.query(
      'CREATE UNIQUE INDEX orders_receipt_unique ON orders (account_id, mode, receipt) WHERE receipt IS NOT NULL AND payment_link_id IS NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX orders_receipt_unique');
    await runner.query(
      'CREATE UNIQUE INDEX orders_receipt_unique ON orders (account_id, mode, receipt) WHERE receipt IS NOT NULL',
    );
    await runner.query('ALTER TABLE orders DROP COLUMN payment_link_id');
  }
}

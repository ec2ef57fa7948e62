import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each payment's customer (the QR code's or the invoice's); null for payments made before it was kept. */
export class PaymentCustomers1765100000200 implements MigrationInterface {
  name = 'PaymentCustomers1765100000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE payments ADD COLUMN customer_id text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE payments DROP COLUMN customer_id');
  }
}

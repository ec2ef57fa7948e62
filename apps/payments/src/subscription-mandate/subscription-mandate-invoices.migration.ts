import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A mandate remembers its authorization invoice (null for a token payment), so paying a subscription
 * finds that invoice's order the way paying the invoice does, asking billing when `invoice.issued`
 * has not arrived yet.
 */
export class SubscriptionMandateInvoices1763900004110 implements MigrationInterface {
  name = 'SubscriptionMandateInvoices1763900004110';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE subscription_mandates ADD COLUMN authorization_invoice_id text',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE subscription_mandates DROP COLUMN authorization_invoice_id');
  }
}

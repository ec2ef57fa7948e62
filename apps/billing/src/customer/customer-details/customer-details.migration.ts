import { ReadModelTableMigration } from '@platform/event-store';

export class CustomerDetails1763800000100 extends ReadModelTableMigration {
  name = 'CustomerDetails1763800000100';
  protected readonly table = 'customers';
  protected readonly columns = `
    name text,
    email text,
    contact text,
    gstin text,
    notes jsonb NOT NULL`;
  protected override readonly indexes = [
    // One customer per (email, contact) and account: what fail_existing relies on, safe under concurrency.
    `
      CREATE UNIQUE INDEX customers_identity_unique ON customers (account_id, mode, email, contact) NULLS NOT DISTINCT
       WHERE email IS NOT NULL OR contact IS NOT NULL`,
  ];
}

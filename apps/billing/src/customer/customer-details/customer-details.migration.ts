import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CustomerDetails1763800000100 implements MigrationInterface {
  name = 'CustomerDetails1763800000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE customers (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        name text,
        email text,
        contact text,
        gstin text,
        notes jsonb NOT NULL,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX customers_newest_first ON customers (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
    // One customer per (email, contact) and account: what fail_existing relies on, safe under concurrency.
    await runner.query(`
      CREATE UNIQUE INDEX customers_identity_unique ON customers (account_id, mode, email, contact) NULLS NOT DISTINCT
       WHERE email IS NOT NULL OR contact IS NOT NULL`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE customers');
  }
}

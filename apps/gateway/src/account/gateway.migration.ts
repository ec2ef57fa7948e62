import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1763800000300 implements MigrationInterface {
  name = 'Accounts1763800000300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE accounts (id text PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    await runner.query(`
      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        account_id text NOT NULL REFERENCES accounts (id),
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        secret_hash bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await runner.query('CREATE INDEX api_keys_by_account ON api_keys (account_id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE api_keys');
    await runner.query('DROP TABLE accounts');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Features switched per account and mode through the admin API (defaults apply where there is no row). */
export class AccountFeatures1763900000600 implements MigrationInterface {
  name = 'AccountFeatures1763900000600';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE account_features (
        account_id text NOT NULL REFERENCES accounts (id),
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        feature text NOT NULL,
        enabled boolean NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, mode, feature)
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE account_features');
  }
}

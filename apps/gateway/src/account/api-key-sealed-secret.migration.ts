import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each key's secret, sealed under KEY_SECRET_KEY, beside its hash: what Checkout signs with. A key
 * made before has none until it next authenticates with its secret (ApiKeyRegistry seals it then).
 */
export class ApiKeySealedSecrets1766100000000 implements MigrationInterface {
  name = 'ApiKeySealedSecrets1766100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE api_keys ADD COLUMN sealed_secret text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE api_keys DROP COLUMN sealed_secret');
  }
}

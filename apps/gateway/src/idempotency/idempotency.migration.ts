import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The idempotency keys of the public API's POSTs, shared by every gateway replica: a key is claimed
 * (`in_flight`) by the first request and holds its answer once it is `done`, for 24 hours.
 */
export class IdempotencyKeys1764200000100 implements MigrationInterface {
  name = 'IdempotencyKeys1764200000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE idempotency_keys (
        account_id text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        namespace text NOT NULL,
        key text NOT NULL,
        request_hash bytea NOT NULL,
        claim_id uuid NOT NULL,
        state text NOT NULL DEFAULT 'in_flight' CHECK (state IN ('in_flight', 'done')),
        claimed_at timestamptz NOT NULL DEFAULT now(),
        status integer,
        headers jsonb,
        body bytea,
        PRIMARY KEY (account_id, mode, namespace, key)
      )`);
    // The expiry sweep's only access path.
    await runner.query(
      'CREATE INDEX idempotency_keys_by_claimed_at ON idempotency_keys (claimed_at)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE idempotency_keys');
  }
}

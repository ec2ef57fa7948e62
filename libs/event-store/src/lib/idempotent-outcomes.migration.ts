import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What each command of a request with an idempotency key wrote (the streams and the versions it
 * read and left them at), written in the same statement as its events: a retry whose first answer
 * was lost finds it and answers the same instead of deciding again (see idempotent-outcomes.ts).
 */
export class IdempotentOutcomes1765400000000 implements MigrationInterface {
  name = 'IdempotentOutcomes1765400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE idempotent_outcomes (
        account_id text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        idempotency_key text NOT NULL,
        ordinal integer NOT NULL,
        fingerprint bytea NOT NULL,
        streams jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT idempotent_outcomes_pkey PRIMARY KEY (account_id, mode, idempotency_key, ordinal)
      )`);
    await runner.query(
      'CREATE INDEX idempotent_outcomes_by_created_at ON idempotent_outcomes (created_at)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE idempotent_outcomes');
  }
}

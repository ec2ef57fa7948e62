import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduled work (`due_jobs`, claimed with FOR UPDATE SKIP LOCKED so replicas never run a job twice
 * at once) and the test-mode clock offset of each account (`account_clocks`, from the gateway's
 * `test_clock.advanced` events), which decides when a test-mode job is due.
 */
export class DueJobsSchema1763900000000 implements MigrationInterface {
  name = 'DueJobsSchema1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE due_jobs (
        id bigserial PRIMARY KEY,
        kind text NOT NULL,
        stream_id text NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        due_at bigint NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}',
        attempts integer NOT NULL DEFAULT 0,
        leased_until bigint NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX due_jobs_by_due_at ON due_jobs (due_at)');
    await runner.query(`
      CREATE TABLE account_clocks (
        account_id text PRIMARY KEY,
        offset_ms bigint NOT NULL CHECK (offset_ms >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE account_clocks');
    await runner.query('DROP TABLE due_jobs');
  }
}

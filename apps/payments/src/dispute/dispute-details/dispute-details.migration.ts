import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DisputeDetails1763900000900 implements MigrationInterface {
  name = 'DisputeDetails1763900000900';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE disputes (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        payment_id text NOT NULL,
        amount bigint NOT NULL,
        currency text NOT NULL,
        amount_deducted bigint NOT NULL,
        reason_code text NOT NULL,
        respond_by bigint NOT NULL,
        status text NOT NULL,
        phase text NOT NULL,
        evidence jsonb NOT NULL,
        submitted_at bigint,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX disputes_newest_first ON disputes (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE disputes');
  }
}

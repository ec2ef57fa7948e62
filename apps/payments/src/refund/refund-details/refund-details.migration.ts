import type { MigrationInterface, QueryRunner } from 'typeorm';

export class RefundDetails1763900000420 implements MigrationInterface {
  name = 'RefundDetails1763900000420';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE refunds (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        payment_id text NOT NULL,
        amount bigint NOT NULL,
        currency text NOT NULL,
        status text NOT NULL,
        speed_requested text NOT NULL,
        speed_processed text,
        notes jsonb NOT NULL,
        receipt text,
        arn text,
        automatic boolean NOT NULL,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX refunds_newest_first ON refunds (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
    await runner.query(
      'CREATE INDEX refunds_by_payment ON refunds (payment_id, created_at DESC, created_ms DESC, id DESC)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE refunds');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OfferDetails1763900004300 implements MigrationInterface {
  name = 'OfferDetails1763900004300';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE offers (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        active boolean NOT NULL,
        terms jsonb NOT NULL,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX offers_newest_first ON offers (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE offers');
  }
}

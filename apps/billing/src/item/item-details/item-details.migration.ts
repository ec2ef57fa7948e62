import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ItemDetails1763900001000 implements MigrationInterface {
  name = 'ItemDetails1763900001000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE items (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        name text NOT NULL,
        description text,
        amount bigint NOT NULL,
        currency text NOT NULL,
        active boolean NOT NULL,
        created_at bigint NOT NULL,
        created_ms bigint NOT NULL,
        updated_at bigint NOT NULL
      )`);
    await runner.query(
      'CREATE INDEX items_newest_first ON items (account_id, mode, created_at DESC, created_ms DESC, id DESC)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE items');
  }
}

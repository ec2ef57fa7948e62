import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CustomerDirectory1763800000200 implements MigrationInterface {
  name = 'CustomerDirectory1763800000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE customer_directory (
        id text PRIMARY KEY,
        version integer NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        name text,
        email text,
        contact text
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE customer_directory');
  }
}

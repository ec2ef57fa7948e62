import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which gateway process holds an in-flight key (its HolderLock's advisory lock key), so a claim left
 * by a process that died can be taken over as soon as PostgreSQL has released that lock.
 */
export class IdempotencyKeyHolders1764200000200 implements MigrationInterface {
  name = 'IdempotencyKeyHolders1764200000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE idempotency_keys ADD COLUMN holder bigint');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE idempotency_keys DROP COLUMN holder');
  }
}

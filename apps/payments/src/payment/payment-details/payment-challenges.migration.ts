import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A checkout payment's acquirer and the URL of its challenge (null for payments decided at once, and
 * for those made before they were kept).
 */
export class PaymentChallenges1765200000100 implements MigrationInterface {
  name = 'PaymentChallenges1765200000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'ALTER TABLE payments ADD COLUMN acquirer text, ADD COLUMN challenge_url text',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE payments DROP COLUMN acquirer, DROP COLUMN challenge_url');
  }
}

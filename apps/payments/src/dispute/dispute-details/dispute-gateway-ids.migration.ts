import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The bank's case number of each dispute (null for disputes raised before it was kept). */
export class DisputeGatewayIds1765100000100 implements MigrationInterface {
  name = 'DisputeGatewayIds1765100000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE disputes ADD COLUMN gateway_dispute_id text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE disputes DROP COLUMN gateway_dispute_id');
  }
}

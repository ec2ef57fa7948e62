import { ReadModelTableMigration } from '@platform/event-store';
import type { QueryRunner } from 'typeorm';

/** QR codes, and which payments were made on which code. */
export class QrCodeDetails1763900000700 extends ReadModelTableMigration {
  name = 'QrCodeDetails1763900000700';
  protected readonly table = 'qr_codes';
  protected readonly columns = `
    type text NOT NULL,
    name text,
    usage text NOT NULL,
    fixed_amount boolean NOT NULL,
    payment_amount bigint,
    description text,
    customer_id text,
    close_by bigint,
    notes jsonb NOT NULL,
    tax_invoice jsonb,
    status text NOT NULL,
    closed_at bigint,
    close_reason text,
    payments_amount_received bigint NOT NULL,
    payments_count_received integer NOT NULL`;

  override async up(runner: QueryRunner): Promise<void> {
    await super.up(runner);
    await runner.query('ALTER TABLE payments ADD COLUMN qr_code_id text');
    await runner.query(
      'CREATE INDEX payments_by_qr_code ON payments (qr_code_id, created_at DESC, created_ms DESC, id DESC) WHERE qr_code_id IS NOT NULL',
    );
  }

  override async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE payments DROP COLUMN qr_code_id');
    await super.down(runner);
  }
}

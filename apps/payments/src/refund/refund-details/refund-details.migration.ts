import { ReadModelTableMigration } from '@platform/event-store';

export class RefundDetails1763900000420 extends ReadModelTableMigration {
  name = 'RefundDetails1763900000420';
  protected readonly table = 'refunds';
  protected readonly columns = `
    payment_id text NOT NULL,
    amount bigint NOT NULL,
    currency text NOT NULL,
    status text NOT NULL,
    speed_requested text NOT NULL,
    speed_processed text,
    notes jsonb NOT NULL,
    receipt text,
    arn text,
    automatic boolean NOT NULL`;
  protected override readonly indexes = [
    'CREATE INDEX refunds_by_payment ON refunds (payment_id, created_at DESC, created_ms DESC, id DESC)',
  ];
}

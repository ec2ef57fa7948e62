import { ReadModelTableMigration } from '@platform/event-store';

export class DisputeDetails1763900000900 extends ReadModelTableMigration {
  name = 'DisputeDetails1763900000900';
  protected readonly table = 'disputes';
  protected readonly columns = `
    payment_id text NOT NULL,
    amount bigint NOT NULL,
    currency text NOT NULL,
    amount_deducted bigint NOT NULL,
    reason_code text NOT NULL,
    respond_by bigint NOT NULL,
    status text NOT NULL,
    phase text NOT NULL,
    evidence jsonb NOT NULL,
    submitted_at bigint`;
}

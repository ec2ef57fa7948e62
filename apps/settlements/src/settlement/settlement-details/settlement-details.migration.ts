import { ReadModelTableMigration } from '@platform/event-store';

export class SettlementDetails1764000000200 extends ReadModelTableMigration {
  name = 'SettlementDetails1764000000200';
  protected readonly table = 'settlements';
  protected readonly columns = `
    currency text NOT NULL,
    amount bigint NOT NULL,
    status text NOT NULL,
    utr text,
    entry_count integer NOT NULL,
    processed_at bigint,
    failed_at bigint,
    failure_reason text`;
  protected override readonly indexes = [
    `CREATE INDEX settlements_processed ON settlements (account_id, mode, processed_at) WHERE status = 'processed'`,
  ];
}

import { ReadModelTableMigration } from '@platform/event-store';

export class BillDetails1763900002000 extends ReadModelTableMigration {
  name = 'BillDetails1763900002000';
  protected readonly table = 'bills';
  protected readonly columns = `
    receipt_number text NOT NULL,
    receipt_timestamp bigint NOT NULL,
    receipt_type text NOT NULL,
    receipt_delivery text NOT NULL,
    customer jsonb NOT NULL,
    line_items jsonb NOT NULL,
    summary jsonb NOT NULL,
    currency text NOT NULL,
    payments jsonb NOT NULL,
    notes jsonb NOT NULL`;
  protected override readonly columnsAfterCreation = `
    updated_at bigint NOT NULL`;
  protected override readonly indexes = [
    // A receipt number names one bill per account and mode, safe under concurrent writes; deleting the bill (its row) frees it.
    'CREATE UNIQUE INDEX bills_receipt_number_unique ON bills (account_id, mode, receipt_number)',
  ];
}

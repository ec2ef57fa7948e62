import { ReadModelTableMigration } from '@platform/event-store';

export class ItemDetails1763900001000 extends ReadModelTableMigration {
  name = 'ItemDetails1763900001000';
  protected readonly table = 'items';
  protected readonly columns = `
    name text NOT NULL,
    description text,
    amount bigint NOT NULL,
    currency text NOT NULL,
    active boolean NOT NULL`;
  protected override readonly columnsAfterCreation = `
    updated_at bigint NOT NULL`;
}

import { ReadModelTableMigration } from '@platform/event-store';

export class AddonDetails1763900004200 extends ReadModelTableMigration {
  name = 'AddonDetails1763900004200';
  protected readonly table = 'addons';
  protected readonly columns = `
    subscription_id text NOT NULL,
    item_id text NOT NULL,
    item jsonb NOT NULL,
    quantity integer NOT NULL,
    invoice_id text`;
  protected override readonly columnsAfterCreation = `
    updated_at bigint NOT NULL`;
  protected override readonly indexes = [
    'CREATE INDEX addons_unbilled ON addons (subscription_id) WHERE invoice_id IS NULL',
  ];
}

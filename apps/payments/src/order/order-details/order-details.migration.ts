import { ReadModelTableMigration } from '@platform/event-store';

export class OrderDetails1763900000400 extends ReadModelTableMigration {
  name = 'OrderDetails1763900000400';
  protected readonly table = 'orders';
  protected readonly columns = `
    amount bigint NOT NULL,
    amount_paid bigint NOT NULL,
    currency text NOT NULL,
    receipt text,
    status text NOT NULL,
    attempts integer NOT NULL,
    notes jsonb NOT NULL,
    partial_payment boolean NOT NULL,
    first_payment_min_amount bigint,
    payment_capture boolean NOT NULL,
    authorized boolean NOT NULL`;
  protected override readonly indexes = [
    // A receipt names one order per account and mode (reference 2.1), safe under concurrent creates.
    'CREATE UNIQUE INDEX orders_receipt_unique ON orders (account_id, mode, receipt) WHERE receipt IS NOT NULL',
  ];
}

import { ReadModelTableMigration } from '@platform/event-store';

export class PaymentDetails1763900000410 extends ReadModelTableMigration {
  name = 'PaymentDetails1763900000410';
  protected readonly table = 'payments';
  protected readonly columns = `
    amount bigint NOT NULL,
    currency text NOT NULL,
    status text NOT NULL,
    order_id text,
    invoice_id text,
    method text NOT NULL,
    captured boolean NOT NULL,
    amount_refunded bigint NOT NULL,
    description text,
    card jsonb,
    bank text,
    wallet text,
    vpa text,
    email text,
    contact text,
    notes jsonb NOT NULL,
    fee bigint,
    tax bigint,
    error jsonb,
    acquirer_data jsonb NOT NULL,
    international boolean NOT NULL`;
  protected override readonly indexes = [
    'CREATE INDEX payments_by_order ON payments (order_id, created_at DESC, created_ms DESC, id DESC) WHERE order_id IS NOT NULL',
  ];
}

import { ReadModelTableMigration } from '@platform/event-store';

export class InvoiceDetails1763900003000 extends ReadModelTableMigration {
  name = 'InvoiceDetails1763900003000';
  protected readonly table = 'invoices';
  protected readonly columns = `
    status text NOT NULL,
    type text NOT NULL,
    receipt text,
    customer_id text,
    subscription_id text,
    order_id text,
    payment_id text,
    terms jsonb NOT NULL,
    amount bigint NOT NULL,
    amount_paid bigint NOT NULL,
    issued_at bigint,
    paid_at bigint,
    cancelled_at bigint,
    expired_at bigint,
    sms_status text,
    email_status text`;
  protected override readonly indexes = [
    'CREATE INDEX invoices_of_subscription ON invoices (subscription_id, created_at DESC) WHERE subscription_id IS NOT NULL',
    // A receipt names one invoice per account and mode; a deleted draft's row is gone, freeing it.
    'CREATE UNIQUE INDEX invoices_receipt_unique ON invoices (account_id, mode, receipt) WHERE receipt IS NOT NULL',
  ];
}

import { ReadModelTableMigration } from '@platform/event-store';

/** Payment links; a reference_id names one link per account and mode, safe under concurrent creates. */
export class PaymentLinkDetails1765300000200 extends ReadModelTableMigration {
  name = 'PaymentLinkDetails1765300000200';
  protected readonly table = 'payment_links';
  protected readonly columns = `
    amount bigint NOT NULL,
    amount_paid bigint NOT NULL,
    currency text NOT NULL,
    status text NOT NULL,
    accept_partial boolean NOT NULL,
    first_min_partial_amount bigint,
    description text,
    reference_id text,
    customer jsonb NOT NULL,
    notify_sms boolean NOT NULL,
    notify_email boolean NOT NULL,
    reminder_enable boolean NOT NULL,
    notes jsonb NOT NULL,
    callback_url text,
    callback_method text,
    upi_link boolean NOT NULL,
    order_id text NOT NULL,
    key_id text NOT NULL,
    short_url text NOT NULL,
    payments jsonb NOT NULL,
    expire_by bigint,
    expired_at bigint,
    cancelled_at bigint,
    updated_at bigint NOT NULL`;
  protected override readonly indexes = [
    'CREATE UNIQUE INDEX payment_links_reference_unique ON payment_links (account_id, mode, reference_id) WHERE reference_id IS NOT NULL',
  ];
}

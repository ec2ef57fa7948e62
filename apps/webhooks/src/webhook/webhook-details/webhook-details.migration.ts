import { ReadModelTableMigration } from '@platform/event-store';

export class WebhookDetails1764100000100 extends ReadModelTableMigration {
  name = 'WebhookDetails1764100000100';
  protected readonly table = 'webhooks';
  protected readonly columns = `
    url text NOT NULL,
    events jsonb NOT NULL,
    active boolean NOT NULL,
    sealed_secret text,
    alert_email text,
    updated_at bigint NOT NULL,
    disabled_at bigint`;
}

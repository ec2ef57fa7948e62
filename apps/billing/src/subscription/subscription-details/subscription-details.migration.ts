import { ReadModelTableMigration } from '@platform/event-store';

export class SubscriptionDetails1763900004000 extends ReadModelTableMigration {
  name = 'SubscriptionDetails1763900004000';
  protected readonly table = 'subscriptions';
  protected readonly columns = `
    status text NOT NULL,
    plan_id text NOT NULL,
    authorization_order_id text NOT NULL,
    state jsonb NOT NULL`;
  protected override readonly indexes = [
    'CREATE UNIQUE INDEX subscriptions_by_authorization_order ON subscriptions (authorization_order_id)',
  ];
}

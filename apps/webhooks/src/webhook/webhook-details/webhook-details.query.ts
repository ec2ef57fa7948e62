import { findInScope, pageInScope, sql } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { WebhookDetailsRow } from './webhook-details.entity';

export function getWebhookDetails(
  db: SqlRunner,
  scope: ReadScope,
  id: string,
): Promise<WebhookDetailsRow | null> {
  return findInScope(db, WebhookDetailsRow, scope, id);
}

export function listWebhookDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
): Promise<WebhookDetailsRow[]> {
  return pageInScope(db, WebhookDetailsRow, scope, page);
}

/** An active webhook that takes a delivery: where to, with which secret. */
export interface Subscriber {
  id: string;
  accountId: string;
  mode: 'test' | 'live';
  events: string[];
  sealedSecret: string | null;
}

const ACTIVE_OF_TENANTS = sql(
  'webhooks.active-of-tenants',
  `SELECT w.id, w.account_id AS "accountId", w.mode, w.events, w.sealed_secret AS "sealedSecret"
     FROM webhooks w JOIN unnest($1::text[], $2::text[]) AS t(account_id, mode) ON w.account_id = t.account_id AND w.mode = t.mode
    WHERE w.active`,
);

/** The active webhooks of these accounts and modes. */
export async function activeWebhooksOf(
  db: SqlRunner,
  tenants: readonly ReadScope[],
): Promise<Subscriber[]> {
  if (tenants.length === 0) return [];
  return db.query<Subscriber>(ACTIVE_OF_TENANTS, [
    tenants.map((t) => t.accountId),
    tenants.map((t) => t.mode),
  ]);
}

const TENANTS_WITH_WEBHOOKS = sql(
  'webhooks.tenants-with-webhooks',
  `SELECT DISTINCT w.account_id || '|' || w.mode AS tenant
     FROM webhooks w JOIN unnest($1::text[], $2::text[]) AS t(account_id, mode) ON w.account_id = t.account_id AND w.mode = t.mode
    WHERE w.active`,
);

/** Which of these accounts and modes have an active webhook, as `account id|mode`. */
export async function tenantsWithWebhooks(
  db: SqlRunner,
  tenants: readonly ReadScope[],
): Promise<Set<string>> {
  if (tenants.length === 0) return new Set();
  const rows = await db.query<{ tenant: string }>(TENANTS_WITH_WEBHOOKS, [
    tenants.map((t) => t.accountId),
    tenants.map((t) => t.mode),
  ]);
  return new Set(rows.map((row) => row.tenant));
}

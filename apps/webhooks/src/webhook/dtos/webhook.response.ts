import type { WebhookDetailsRow } from '../webhook-details/webhook-details.entity';

/** A webhook as Razorpay's webhook API shows it (`entity: "webhook"`): never its secret. */
export interface WebhookEntity {
  id: string;
  entity: 'webhook';
  url: string;
  events: string[];
  active: boolean;
  secret_exists: boolean;
  alert_email: string | null;
  created_at: number;
  updated_at: number;
  /** 0 while it is not disabled, as Razorpay shows it. */
  disabled_at: number;
  owner_id: string;
  owner_type: 'merchant';
  /** Razorpay's partner context (the sub-merchants a partner's webhook covers): none here. */
  context: never[];
  /** Where Razorpay keeps the webhook: its API in the webhook's mode, named as Razorpay names it. */
  service: 'beta-api-test' | 'beta-api-live';
}

export function toWebhookEntity(row: WebhookDetailsRow): WebhookEntity {
  return {
    id: row.id,
    entity: 'webhook',
    url: row.url,
    events: row.events,
    active: row.active,
    secret_exists: row.sealedSecret !== null,
    alert_email: row.alertEmail,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    disabled_at: row.disabledAt ?? 0,
    owner_id: row.accountId,
    owner_type: 'merchant',
    context: [],
    service: `beta-api-${row.mode}`,
  };
}

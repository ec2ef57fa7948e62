import type { WebhookEventName } from '@platform/contracts';
import type { WebhookDetailsRow } from '../webhook-details/webhook-details.entity';

/** A webhook as Razorpay's webhook API shows it (`entity: "webhook"`): never its secret. */
export interface WebhookEntity {
  /**
   * @example "wh_1Aa00000000001"
   *
   * @pattern ^wh_[0-9A-Za-z]{14}$
   */
  id: string;
  entity: 'webhook';
  /**
   * @example "https://example.com/razorpay/webhooks"
   *
   * @format uri
   *
   * @maxLength 255
   */
  url: string;
  /**
   * The events the webhook receives, each once.
   *
   * @example ["payment.captured","order.paid"]
   */
  events: WebhookEventName[];
  /**
   * false: switched off, or disabled after 24 hours of failed deliveries. Events meanwhile are not
   * delivered to it; deliveries already pending wait until it is on again.
   */
  active: boolean;
  /**
   * Whether deliveries are signed. The secret itself is never returned (it is stored encrypted).
   */
  secret_exists: boolean;
  /**
   * Told when the webhook is disabled after 24 hours of failed deliveries.
   *
   * @format email
   */
  alert_email: string | null;
  /** Unix seconds */
  created_at: number;
  /** Unix seconds */
  updated_at: number;
  /** When failed deliveries disabled the webhook, Unix seconds; 0 while it is not disabled. */
  disabled_at: number;
  /**
   * The account the webhook belongs to.
   *
   * @example "acc_1Aa00000000001"
   */
  owner_id: string;
  owner_type: 'merchant';
  /**
   * Razorpay's partner context of the webhook (the sub-merchants a partner's webhook covers):
   * always empty, a webhook here covers its own account only.
   *
   * @maxItems 0
   */
  context: never[];
  /**
   * The mode the webhook belongs to, as Razorpay names the service that keeps it: `beta-api-test`
   * for a webhook made with test keys, `beta-api-live` with live keys.
   */
  service: 'beta-api-test' | 'beta-api-live';
}

export function toWebhookEntity(row: WebhookDetailsRow): WebhookEntity {
  return {
    id: row.id,
    entity: 'webhook',
    url: row.url,
    // Stored as the request gave them, after validation against WEBHOOK_EVENTS.
    events: row.events as WebhookEventName[],
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

/**
 * The events a webhook can subscribe to: Razorpay's names, for every event the platform produces (the
 * webhooks service delivers them; the gateway documents them).
 * `refund.failed` is Razorpay's too; no refund of this platform fails, so it is accepted and never sent.
 */
export const WEBHOOK_EVENTS = [
  'order.paid',
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'refund.created',
  'refund.processed',
  'refund.failed',
  'payment.dispute.created',
  'payment.dispute.under_review',
  'payment.dispute.won',
  'payment.dispute.lost',
  'payment.dispute.closed',
  'invoice.partially_paid',
  'invoice.paid',
  'invoice.expired',
  'subscription.authenticated',
  'subscription.activated',
  'subscription.charged',
  'subscription.pending',
  'subscription.halted',
  'subscription.paused',
  'subscription.resumed',
  'subscription.updated',
  'subscription.cancelled',
  'subscription.completed',
  'qr_code.created',
  'qr_code.credited',
  'qr_code.closed',
  'payment_link.paid',
  'payment_link.partially_paid',
  'payment_link.cancelled',
  'payment_link.expired',
  'settlement.processed',
] as const;

export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

const KNOWN = new Set<string>(WEBHOOK_EVENTS);
export const isWebhookEvent = (name: string): name is WebhookEventName => KNOWN.has(name);

/** The entities a webhook payload can carry, by Razorpay's names for them, in the order looked up. */
export const WEBHOOK_PAYLOAD_ENTITIES = [
  'payment',
  'order',
  'refund',
  'dispute',
  'invoice',
  'subscription',
  'qr_code',
  'payment_link',
  'settlement',
] as const;
export type WebhookPayloadEntity = (typeof WEBHOOK_PAYLOAD_ENTITIES)[number];

/** A delivery is `pending` until an attempt gets a 2xx (`delivered`) or its retries run out (`failed`). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

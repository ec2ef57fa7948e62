import type { Notes } from '../notes';
import type { IntegrationEvent } from '../envelope';
import type { PaymentRejection } from './payment-rejection';

export const SUBSCRIPTION_STATUSES = [
  'created',
  'authenticated',
  'active',
  'pending',
  'halted',
  'paused',
  'cancelled',
  'completed',
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A subscription as the API shows it (`entity: "subscription"`). Times: unix seconds. */
export interface SubscriptionEntity {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: string | null;
  status: SubscriptionStatus;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  quantity: number;
  notes: Notes;
  charge_at: number | null;
  start_at: number | null;
  end_at: number | null;
  auth_attempts: number;
  total_count: number;
  paid_count: number;
  customer_notify: boolean;
  created_at: number;
  expire_by: number | null;
  short_url: string;
  has_scheduled_changes: boolean;
  change_scheduled_at: number | null;
  source: 'api';
  payment_method: string | null;
  offer_id: string | null;
  remaining_count: number;
  paused_at: number | null;
  pause_initiated_by: 'self' | null;
}

/**
 * What the customer pays to authorize a subscription: an invoice (the first cycle's, or, for one that
 * starts later, its upfront add-ons'), or a token payment refunded at once.
 */
export interface SubscriptionAuthorizationEntity {
  order_id: string;
  amount: number;
  currency: string;
  invoice_id: string | null;
  /** A token payment: refunded as soon as it is captured. */
  refund: boolean;
}

export type SubscriptionPublishedType =
  | 'subscription.created'
  | 'subscription.authenticated'
  | 'subscription.activated'
  | 'subscription.charged'
  | 'subscription.pending'
  | 'subscription.halted'
  | 'subscription.paused'
  | 'subscription.resumed'
  | 'subscription.updated'
  | 'subscription.cancelled'
  | 'subscription.completed'
  | 'subscription.expired'
  | 'subscription.payment_rejected';

/**
 * On `billing.subscription`, keyed by subscription id: the subscription after the change.
 * `subscription.created` also carries the authorization the payments service collects;
 * `subscription.charged` the invoice and payment of the cycle; `subscription.payment_rejected` the
 * authorization payment that arrived after the subscription ended, which payments refunds in full.
 */
export type SubscriptionEvent = IntegrationEvent<
  SubscriptionPublishedType,
  {
    subscription: SubscriptionEntity;
    authorization?: SubscriptionAuthorizationEntity;
    invoice_id?: string;
    payment_id?: string;
    rejection?: PaymentRejection;
  }
>;

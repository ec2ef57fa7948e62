/** The fields of the public API's entities that the dashboard shows (the API sends more). */

type Notes = Record<string, string>;

export interface Card {
  name: string | null;
  last4: string;
  network: string;
  type: string;
  issuer: string | null;
  international: boolean;
}

export interface Payment {
  id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string | null;
  method: string;
  amount_refunded: number;
  captured: boolean;
  description: string | null;
  card: Card | null;
  vpa: string | null;
  bank: string | null;
  wallet: string | null;
  email: string | null;
  contact: string | null;
  fee: number | null;
  tax: number | null;
  error_description: string | null;
  created_at: number;
}

export interface Refund {
  id: string;
  amount: number;
  currency: string;
  payment_id: string;
  status: string;
  created_at: number;
}

export interface Order {
  id: string;
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: string;
  attempts: number;
  created_at: number;
}

export interface Dispute {
  id: string;
  payment_id: string;
  amount: number;
  currency: string;
  reason_code: string;
  respond_by: number;
  status: 'open' | 'under_review' | 'won' | 'lost' | 'closed';
  phase: string;
  created_at: number;
}

export interface QrCode {
  id: string;
  name: string | null;
  usage: string;
  type: string;
  image_url: string;
  payment_amount: number | null;
  status: 'active' | 'closed';
  payments_amount_received: number;
  payments_count_received: number;
  created_at: number;
}

export interface Customer {
  id: string;
  name: string | null;
  email: string | null;
  contact: string | null;
  gstin: string | null;
  created_at: number;
  notes: Notes;
}

export interface Invoice {
  id: string;
  invoice_number: string | null;
  customer_id: string | null;
  status: string;
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  short_url: string | null;
  created_at: number;
}

export interface Subscription {
  id: string;
  plan_id: string;
  customer_id: string | null;
  status: string;
  total_count: number;
  paid_count: number;
  remaining_count: number;
  current_start: number | null;
  current_end: number | null;
  charge_at: number | null;
  created_at: number;
}

export interface Settlement {
  id: string;
  amount: number;
  status: 'created' | 'processed' | 'failed';
  fees: number;
  tax: number;
  utr: string | null;
  created_at: number;
}

export interface ReconRow {
  entity_id: string;
  type: string;
  debit: number;
  credit: number;
  amount: number;
  currency: string;
  fee: number;
  tax: number;
  on_hold: boolean;
  settled: boolean;
  created_at: number;
  settled_at: number;
  settlement_id: string;
  settlement_utr: string | null;
  payment_id: string | null;
  order_id: string | null;
  method: string | null;
  description: string | null;
}

export interface Webhook {
  id: string;
  url: string;
  events: string[] | Record<string, boolean>;
  active: boolean;
  created_at: number;
}

export interface DeliveryAttempt {
  attempt: number;
  attempted_at: number;
  status_code: number | null;
  latency_ms: number | null;
  error: string | null;
}

export interface WebhookDelivery {
  id: string;
  event_id: string;
  event: string;
  status: string;
  attempt_count: number;
  next_attempt_at: number | null;
  last_status_code: number | null;
  attempts: DeliveryAttempt[];
  created_at: number;
}

/** One event of an entity's history (`GET /v1/events?entity_id=`), oldest first. */
export interface EntityEvent {
  id: string;
  type: string;
  occurred_at: number;
  version: number;
  data: unknown;
  correlation_id: string | null;
}

export interface PaymentLink {
  id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  status: 'created' | 'partially_paid' | 'paid' | 'cancelled' | 'expired';
  accept_partial: boolean;
  description: string | null;
  reference_id: string;
  customer: { name?: string; email?: string; contact?: string };
  short_url: string;
  order_id: string;
  payments:
    | { payment_id: string; amount: number; method: string; status: string; created_at: number }[]
    | null;
  expire_by: number;
  created_at: number;
}

/** `GET /v1/payment_links` lists as Razorpay does: under `payment_links`, no collection envelope. */
export interface PaymentLinkList {
  payment_links: PaymentLink[];
}

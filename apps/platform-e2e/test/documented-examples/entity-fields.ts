import type { Fields, FieldType } from './example';

/**
 * The JSON type(s) of each key Razorpay's documents show for an entity, gathered over every
 * response example of the Node and Python SDK documents. A key is nullable where some example
 * shows it null, or where its value depends on a state the example's entity may not be in (a
 * payment's `customer_id`, a subscription's `paused_at`). Each example lists the keys its own
 * response shows (`keys(PAYMENT, 'id entity …')`).
 */
export const PAYMENT = {
  id: 'string',
  entity: 'string',
  amount: 'integer',
  currency: 'string',
  status: 'string',
  order_id: 'string|null',
  invoice_id: 'string|null',
  terminal_id: 'string|null',
  international: 'boolean',
  method: 'string',
  amount_refunded: 'integer',
  refund_status: 'string|null',
  captured: 'boolean',
  description: 'string|null',
  card_id: 'string|null',
  card: 'object',
  bank: 'string|null',
  wallet: 'string|null',
  vpa: 'string|null',
  email: 'string',
  contact: 'string',
  customer_id: 'string|null',
  token_id: 'string|null',
  notes: 'object|array',
  fee: 'integer|null',
  tax: 'integer|null',
  error_code: 'string|null',
  error_description: 'string|null',
  error_source: 'string|null',
  error_step: 'string|null',
  error_reason: 'string|null',
  emi: 'object',
  upi: 'object',
  acquirer_data: 'object',
  created_at: 'integer',
} as const satisfies Fields;

export const ORDER = {
  id: 'string',
  entity: 'string',
  amount: 'integer',
  amount_paid: 'integer',
  amount_due: 'integer',
  currency: 'string',
  receipt: 'string|null',
  method: 'string',
  description: 'string|null',
  customer_id: 'string',
  token: 'object',
  offer_id: 'string|null',
  offers: 'object|array',
  payments: 'object',
  transfers: 'object|array',
  status: 'string',
  attempts: 'integer',
  notes: 'object|array',
  created_at: 'integer',
} as const satisfies Fields;

export const CARD = {
  id: 'string',
  entity: 'string',
  name: 'string',
  last4: 'string',
  network: 'string',
  type: 'string',
  issuer: 'string|null',
  international: 'boolean',
  emi: 'boolean|null',
  sub_type: 'string',
} as const satisfies Fields;

export const REFUND = {
  id: 'string',
  entity: 'string',
  amount: 'integer',
  receipt: 'string|null',
  currency: 'string',
  payment_id: 'string',
  notes: 'object|array',
  acquirer_data: 'object',
  created_at: 'integer',
  batch_id: 'string|null',
  status: 'string',
  /** How it went out: known once processed (the instant-refund example shows none yet). */
  speed_processed: 'string|null',
  speed_requested: 'string',
} as const satisfies Fields;

export const SUBSCRIPTION = {
  id: 'string',
  entity: 'string',
  plan_id: 'string',
  customer_id: 'string|null',
  status: 'string',
  current_start: 'integer|null',
  current_end: 'integer|null',
  ended_at: 'integer|null',
  quantity: 'integer',
  notes: 'object|array',
  charge_at: 'integer|null',
  offer_id: 'string|null',
  start_at: 'integer|null',
  end_at: 'integer|null',
  auth_attempts: 'integer',
  total_count: 'integer',
  paid_count: 'integer',
  customer_notify: 'boolean',
  created_at: 'integer',
  paused_at: 'integer|null',
  expire_by: 'integer|null',
  pause_initiated_by: 'string|null',
  short_url: 'string',
  has_scheduled_changes: 'boolean',
  change_scheduled_at: 'integer|null',
  source: 'string',
  payment_method: 'string|null',
  remaining_count: 'integer',
} as const satisfies Fields;

export const ADDON = {
  id: 'string',
  entity: 'string',
  item: 'object',
  quantity: 'integer',
  created_at: 'integer',
  subscription_id: 'string',
  invoice_id: 'string|null',
} as const satisfies Fields;

export const INVOICE = {
  id: 'string',
  entity: 'string',
  receipt: 'string|null',
  invoice_number: 'string|null',
  customer_id: 'string',
  customer_details: 'object',
  order_id: 'string|null',
  subscription_id: 'string|null',
  line_items: 'array',
  payment_id: 'string|null',
  status: 'string',
  expire_by: 'integer|null',
  issued_at: 'integer|null',
  paid_at: 'integer|null',
  cancelled_at: 'integer|null',
  expired_at: 'integer|null',
  sms_status: 'string|null',
  email_status: 'string|null',
  date: 'integer',
  terms: 'string|null',
  partial_payment: 'boolean',
  gross_amount: 'integer',
  tax_amount: 'integer',
  taxable_amount: 'integer',
  amount: 'integer',
  amount_paid: 'integer|null',
  amount_due: 'integer|null',
  first_payment_min_amount: 'integer|null',
  currency: 'string',
  currency_symbol: 'string',
  description: 'string|null',
  notes: 'object|array',
  comment: 'string|null',
  short_url: 'string|null',
  view_less: 'boolean',
  billing_start: 'integer|null',
  billing_end: 'integer|null',
  type: 'string',
  group_taxes_discounts: 'boolean',
  reminder_status: 'string|null',
  subscription_status: 'string|null',
  supply_state_code: 'string|null',
  user_id: 'string|null',
  created_at: 'integer',
  idempotency_key: 'string|null',
} as const satisfies Fields;

export const QR_CODE = {
  id: 'string',
  entity: 'string',
  created_at: 'integer',
  name: 'string|null',
  usage: 'string',
  type: 'string',
  image_url: 'string',
  payment_amount: 'integer|null',
  status: 'string',
  description: 'string|null',
  fixed_amount: 'boolean',
  payments_amount_received: 'integer',
  payments_count_received: 'integer',
  notes: 'object|array',
  customer_id: 'string|null',
  close_by: 'integer|null',
  closed_at: 'integer|null',
  close_reason: 'string|null',
  tax_invoice: 'object|null',
} as const satisfies Fields;

export const DISPUTE = {
  id: 'string',
  entity: 'string',
  payment_id: 'string',
  amount: 'integer',
  currency: 'string',
  amount_deducted: 'integer',
  reason_code: 'string',
  respond_by: 'integer',
  status: 'string',
  phase: 'string',
  created_at: 'integer',
  evidence: 'object',
} as const satisfies Fields;

export const DOCUMENT = {
  id: 'string',
  entity: 'string',
  purpose: 'string',
  name: 'string',
  display_name: 'string',
  mime_type: 'string',
  size: 'integer',
  url: 'string',
  created_at: 'integer',
} as const satisfies Fields;

export const SETTLEMENT = {
  id: 'string',
  entity: 'string',
  amount: 'integer',
  status: 'string',
  fees: 'integer',
  tax: 'integer',
  utr: 'string|null',
  created_at: 'integer',
} as const satisfies Fields;

export const RECON_ROW = {
  entity_id: 'string',
  type: 'string',
  debit: 'integer',
  credit: 'integer',
  amount: 'integer',
  currency: 'string',
  fee: 'integer',
  tax: 'integer',
  on_hold: 'boolean',
  settled: 'boolean',
  created_at: 'integer',
  settled_at: 'integer|null',
  settlement_id: 'string|null',
  posted_at: 'integer|null',
  credit_type: 'string',
  description: 'string|null',
  notes: 'object|array|string',
  payment_id: 'string|null',
  settlement_utr: 'string|null',
  order_id: 'string|null',
  order_receipt: 'string|null',
  method: 'string|null',
  card_network: 'string|null',
  card_issuer: 'string|null',
  card_type: 'string|null',
  dispute_id: 'string|null',
} as const satisfies Fields;

export const ONDEMAND_SETTLEMENT = {
  id: 'string',
  entity: 'string',
  amount_requested: 'integer',
  amount_settled: 'integer',
  amount_pending: 'integer',
  amount_reversed: 'integer',
  fees: 'integer',
  tax: 'integer',
  currency: 'string',
  settle_full_balance: 'boolean',
  status: 'string',
  description: 'string|null',
  notes: 'object|array',
  created_at: 'integer',
  ondemand_payouts: 'object',
} as const satisfies Fields;

export const WEBHOOK = {
  id: 'string',
  created_at: 'integer',
  updated_at: 'integer',
  service: 'string',
  owner_id: 'string',
  owner_type: 'string',
  context: 'array',
  disabled_at: 'integer',
  url: 'string',
  alert_email: 'string',
  secret_exists: 'boolean',
  entity: 'string',
  active: 'boolean',
  events: 'array',
} as const satisfies Fields;

export const COLLECTION: Fields = { entity: 'string', count: 'integer', items: 'array' };

/** The keys (space-separated, as the example's response lists them) with the entity's types. */
export function keys<T extends Record<string, FieldType>>(
  entity: T,
  names: string,
): Record<string, FieldType> {
  return Object.fromEntries(
    names
      .split(/\s+/)
      .filter(Boolean)
      .map((name) => {
        if (!(name in entity)) throw new Error(`no documented type for ${name}`);
        return [name, entity[name]];
      }),
  );
}

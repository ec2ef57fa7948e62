import { randomUUID } from 'node:crypto';
import type {
  InvoiceChangedEvent,
  InvoiceEntity,
  SubscriptionAuthorizationEntity,
  PublishedSubscriptionEvent,
} from '@platform/contracts';
import type { TestCaller } from '@platform/service-testing';

const NOW = Math.floor(Date.now() / 1000);

/** Billing's invoice as its API and `billing.invoice` show it (the fields payments reads, the rest plain). */
export function billingInvoice(
  id: string,
  orderId: string | null,
  fields: Partial<InvoiceEntity> = {},
): InvoiceEntity {
  const amount = fields.amount ?? 50000;
  return {
    id,
    entity: 'invoice',
    type: 'invoice',
    invoice_number: null,
    receipt: null,
    customer_id: null,
    customer_details: {
      id: null,
      name: null,
      email: null,
      contact: null,
      gstin: null,
      customer_name: null,
      customer_email: null,
      customer_contact: null,
      customer_address: null,
      billing_address: null,
      shipping_address: null,
    },
    order_id: orderId,
    subscription_id: null,
    payment_id: null,
    line_items: [],
    status: 'issued',
    expire_by: null,
    issued_at: NOW,
    paid_at: null,
    cancelled_at: null,
    expired_at: null,
    date: NOW,
    sms_status: null,
    email_status: null,
    partial_payment: false,
    first_payment_min_amount: null,
    gross_amount: amount,
    tax_amount: 0,
    taxable_amount: amount,
    amount,
    amount_paid: 0,
    amount_due: amount,
    currency: 'INR',
    currency_symbol: '₹',
    description: null,
    short_url: null,
    terms: null,
    comment: null,
    notes: {},
    view_less: true,
    group_taxes_discounts: false,
    billing_start: null,
    billing_end: null,
    created_at: NOW,
    idempotency_key: null,
    ref_num: null,
    user_id: null,
    reminder_status: null,
    subscription_status: null,
    supply_state_code: null,
    ...fields,
  };
}

const envelope = (caller: TestCaller, streamId: string, version: number) => ({
  id: randomUUID(),
  schema_version: 1,
  account_id: caller.accountId,
  mode: caller.mode,
  stream_id: streamId,
  stream_version: version,
  occurred_at: NOW,
  correlation_id: null,
  causation_id: null,
});

export function invoiceEvent(
  caller: TestCaller,
  type: InvoiceChangedEvent['type'],
  invoice: InvoiceEntity,
  version = 1,
): InvoiceChangedEvent {
  return { ...envelope(caller, invoice.id, version), type, data: { invoice } };
}

export function subscriptionCreated(
  caller: TestCaller,
  subscriptionId: string,
  authorization: SubscriptionAuthorizationEntity,
): PublishedSubscriptionEvent {
  const subscription = {
    id: subscriptionId,
    entity: 'subscription',
    status: 'created',
  } as PublishedSubscriptionEvent['data']['subscription'];
  return {
    ...envelope(caller, subscriptionId, 1),
    type: 'subscription.created',
    data: { subscription, authorization },
  };
}

import type { Event } from '@platform/domain-kit';

export type Notes = Record<string, string | number>;

export interface InvoiceAddress {
  line1: string;
  line2: string | null;
  zipcode: string;
  city: string;
  state: string | null;
  country: string;
}

/** Who the invoice is for: a customer's details copied when the invoice was written (or given inline). */
export interface InvoiceCustomer {
  id: string | null;
  name: string | null;
  email: string | null;
  contact: string | null;
  gstin: string | null;
  billingAddress: InvoiceAddress | null;
  shippingAddress: InvoiceAddress | null;
}

/** A line: the item's values copied, never a reference, so editing or deleting the item changes no invoice. */
export interface InvoiceLine {
  id: string;
  itemId: string | null;
  /** `discount`: a subscription offer's discount, a negative amount. */
  type: 'invoice' | 'plan' | 'addon' | 'discount';
  name: string;
  description: string | null;
  unitAmount: number;
  currency: string;
  quantity: number;
  taxRateBasisPoints: number | null;
  taxInclusive: boolean;
  hsnCode: string | null;
  sacCode: string | null;
  unit: string | null;
}

/** Everything about an invoice its issuer chooses. Times: milliseconds on the account's clock. */
export interface InvoiceTerms {
  type: 'invoice' | 'link';
  customer: InvoiceCustomer | null;
  lines: InvoiceLine[];
  currency: string;
  description: string | null;
  /** Unpaid by then: expired. */
  expireBy: number | null;
  partialPayment: boolean;
  smsNotify: boolean;
  emailNotify: boolean;
  receipt: string | null;
  notes: Notes;
  /** The invoice's date (unix seconds), as the issuer writes it. */
  date: number | null;
  /** A subscription's cycle invoice: the subscription and the cycle it bills. */
  subscriptionId: string | null;
  billingStart: number | null;
  billingEnd: number | null;
}

export type NotificationMedium = 'sms' | 'email';

export type InvoiceCreated = Event<
  'InvoiceCreated',
  { invoiceId: string; terms: InvoiceTerms; createdAt: number }
>;
/** The fields that changed, with their new values. */
export type InvoiceEdited = Event<'InvoiceEdited', { changes: Partial<InvoiceTerms>; at: number }>;
/** Payable from now on, through its order in the payments service. */
export type InvoiceIssued = Event<'InvoiceIssued', { orderId: string; at: number }>;
export type InvoiceDeleted = Event<'InvoiceDeleted', { at: number }>;
export type InvoiceCancelled = Event<'InvoiceCancelled', { at: number }>;
export type InvoiceExpired = Event<'InvoiceExpired', { at: number }>;
/** A captured payment on the invoice's order. */
export type InvoicePaymentRecorded = Event<
  'InvoicePaymentRecorded',
  { paymentId: string; amount: number; at: number }
>;
/** A captured payment the invoice could not take when it arrived (cancelled or expired meanwhile, say): payments refunds it. */
export type InvoicePaymentRejected = Event<
  'InvoicePaymentRejected',
  { paymentId: string; amount: number; reason: InvoicePaymentRejectionReason; at: number }
>;
export type InvoicePaymentRejectionReason =
  'invoice_cancelled' | 'invoice_expired' | 'invoice_paid' | 'exceeds_amount_due';
export type InvoicePaid = Event<'InvoicePaid', { paymentId: string; at: number }>;
export type InvoiceNotified = Event<'InvoiceNotified', { medium: NotificationMedium; at: number }>;
/** The customer of a subscription's authorization invoice, known once its payment was captured. */
export type InvoiceCustomerIdentified = Event<
  'InvoiceCustomerIdentified',
  { customer: InvoiceCustomer; at: number }
>;

export type InvoiceEvent =
  | InvoiceCreated
  | InvoiceEdited
  | InvoiceIssued
  | InvoiceDeleted
  | InvoiceCancelled
  | InvoiceExpired
  | InvoicePaymentRecorded
  | InvoicePaymentRejected
  | InvoicePaid
  | InvoiceNotified
  | InvoiceCustomerIdentified;

import type { Event } from '@platform/domain-kit';

export type Notes = Record<string, string | number>;

export interface OrderTerms {
  amount: number;
  currency: string;
  receipt: string | null;
  notes: Notes;
  /** Several payments may add up to the amount. */
  partialPayment: boolean;
  /** With partial payments: the least the first payment may be (null: no minimum beyond 100). */
  firstPaymentMinAmount: number | null;
  /** Capture payments at once (true) or leave them authorized until captured through the API. */
  paymentCapture: boolean;
  /** The billing invoice this order collects (opened by billing's `invoice.issued`), or null. */
  invoiceId: string | null;
  /** The invoice's customer, whom its payments name (absent in orders opened before it was kept). */
  customerId?: string | null;
  /** The payment link this order collects (made with the link), or null (absent in older orders). */
  paymentLinkId?: string | null;
}

/**
 * Why an order takes no more payments: its billing invoice was cancelled or expired, or its payment
 * link was.
 */
export type OrderCloseReason =
  'invoice_cancelled' | 'invoice_expired' | 'payment_link_cancelled' | 'payment_link_expired';

/** `createdAt` and every other time in these events: milliseconds on the account's clock. */
export type OrderCreated = Event<
  'OrderCreated',
  { orderId: string; terms: OrderTerms; createdAt: number }
>;

/** A payment was attempted on the order; counted whether it was authorized or failed. */
export type OrderPaymentAttempted = Event<
  'OrderPaymentAttempted',
  { paymentId: string; amount: number; authorized: boolean }
>;

/** A payment on the order was captured: it counts towards `amount_paid`. */
export type OrderPaymentCaptured = Event<
  'OrderPaymentCaptured',
  { paymentId: string; amount: number }
>;

/** Captured payments cover the amount; `paymentId` is the payment that completed it. */
export type OrderPaid = Event<'OrderPaid', { paymentId: string; paidAt: number }>;

export type OrderNotesEdited = Event<'OrderNotesEdited', { notes: Notes }>;

/** The invoice or payment link it collects was cancelled or expired: it takes no more payments. */
export type OrderClosed = Event<'OrderClosed', { reason: OrderCloseReason; closedAt: number }>;

/** Its payment link's `accept_partial` was changed: partial payments are allowed from now on, or not. */
export type OrderPartialPaymentChanged = Event<
  'OrderPartialPaymentChanged',
  { partialPayment: boolean; firstPaymentMinAmount: number | null }
>;

export type OrderEvent =
  | OrderCreated
  | OrderPaymentAttempted
  | OrderPaymentCaptured
  | OrderPaid
  | OrderNotesEdited
  | OrderClosed
  | OrderPartialPaymentChanged;

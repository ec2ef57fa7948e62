import type { Command } from '@platform/domain-kit';
import type { AcquirerChallenge, Notes, PaymentDetails, PaymentError } from './payment.events';

/** Checkout began a payment its acquirer challenged: it waits, `created`, for the customer's answer. */
export type CreatePayment = Command<
  'CreatePayment',
  {
    paymentId: string;
    details: PaymentDetails;
    acquirer: AcquirerChallenge;
    subscriptionId: string | null;
  }
>;

/**
 * Checkout's payment went through (a new payment, or a `created` one whose challenge the customer
 * answered: then its recorded details stand); with `capture` it is captured at once (the order's
 * payment_capture).
 */
export type AuthorizePayment = Command<
  'AuthorizePayment',
  {
    paymentId: string;
    details: PaymentDetails;
    acquirerData: Record<string, string>;
    capture: boolean;
  }
>;

/** Declined: a new payment, or a `created` one (its recorded details stand). */
export type DeclinePayment = Command<
  'DeclinePayment',
  { paymentId: string; details: PaymentDetails; error: PaymentError }
>;

/** POST /payments/:id/capture: amount and currency must be the authorized ones (currency null: the payment's). */
export type CapturePayment = Command<'CapturePayment', { amount: number; currency: string | null }>;

/** The scheduler: a `created` payment whose customer never answered its challenge fails. */
export type ExpirePayment = Command<'ExpirePayment', { paymentId: string }>;

export type EditPaymentNotes = Command<'EditPaymentNotes', { notes: Notes }>;

/**
 * Give money back: `amount` null means all that is left. `automatic`: the capture window of an
 * authorized payment ended (the only refund of money never captured).
 */
export type RefundPayment = Command<
  'RefundPayment',
  { refundId: string; amount: number | null; automatic: boolean }
>;

/** A bank raised a dispute on the payment; `amount` null: all that can still be disputed. */
export type RecordDispute = Command<'RecordDispute', { disputeId: string; amount: number | null }>;

export type PaymentCommand =
  | CreatePayment
  | AuthorizePayment
  | DeclinePayment
  | ExpirePayment
  | CapturePayment
  | EditPaymentNotes
  | RefundPayment
  | RecordDispute;

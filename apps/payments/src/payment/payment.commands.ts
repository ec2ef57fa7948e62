import type { Command } from '@platform/domain-kit';
import type { Notes, PaymentDetails, PaymentError } from './payment.events';

/** Checkout's payment went through; with `capture` it is captured at once (the order's payment_capture). */
export type AuthorizePayment = Command<
  'AuthorizePayment',
  {
    paymentId: string;
    details: PaymentDetails;
    acquirerData: Record<string, string>;
    capture: boolean;
  }
>;

export type DeclinePayment = Command<
  'DeclinePayment',
  { paymentId: string; details: PaymentDetails; error: PaymentError }
>;

/** POST /payments/:id/capture: amount and currency must be the authorized ones (currency null: the payment's). */
export type CapturePayment = Command<'CapturePayment', { amount: number; currency: string | null }>;

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
  | AuthorizePayment
  | DeclinePayment
  | CapturePayment
  | EditPaymentNotes
  | RefundPayment
  | RecordDispute;

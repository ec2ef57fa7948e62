import type { Command } from '@platform/domain-kit';
import type { Notes, OrderTerms } from './order.events';

export type CreateOrder = Command<'CreateOrder', { orderId: string; terms: OrderTerms }>;

/** Checkout tried to pay the order with this amount; `authorized` says whether the payment went through. */
export type RecordPaymentAttempt = Command<
  'RecordPaymentAttempt',
  { paymentId: string; amount: number; authorized: boolean; captured: boolean }
>;

/** A payment on this order was captured (through the API, or at once by the order's payment_capture). */
export type RecordCapture = Command<'RecordCapture', { paymentId: string; amount: number }>;

export type EditOrderNotes = Command<'EditOrderNotes', { notes: Notes }>;

/** Its invoice was cancelled or expired (reported by billing). */
export type CloseOrder = Command<'CloseOrder', { reason: 'invoice_cancelled' | 'invoice_expired' }>;

export type OrderCommand =
  CreateOrder | RecordPaymentAttempt | RecordCapture | EditOrderNotes | CloseOrder;

import type { Command } from '@platform/domain-kit';
import type { Notes, OrderCloseReason, OrderTerms } from './order.events';

export type CreateOrder = Command<'CreateOrder', { orderId: string; terms: OrderTerms }>;

/** Checkout tried to pay the order with this amount; `authorized` says whether the payment went through. */
export type RecordPaymentAttempt = Command<
  'RecordPaymentAttempt',
  { paymentId: string; amount: number; authorized: boolean; captured: boolean }
>;

/** A payment on this order was captured (through the API, or at once by the order's payment_capture). */
export type RecordCapture = Command<'RecordCapture', { paymentId: string; amount: number }>;

export type EditOrderNotes = Command<'EditOrderNotes', { notes: Notes }>;

/** Its invoice was cancelled or expired (reported by billing), or its payment link was. */
export type CloseOrder = Command<'CloseOrder', { reason: OrderCloseReason }>;

/** Its payment link's `accept_partial` was changed. */
export type ChangeOrderPartialPayment = Command<
  'ChangeOrderPartialPayment',
  { partialPayment: boolean; firstPaymentMinAmount: number | null }
>;

export type OrderCommand =
  | CreateOrder
  | RecordPaymentAttempt
  | RecordCapture
  | EditOrderNotes
  | CloseOrder
  | ChangeOrderPartialPayment;

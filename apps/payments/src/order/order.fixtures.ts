import type { CommandMetadata } from '@platform/domain-kit';
import type {
  CreateOrder,
  EditOrderNotes,
  RecordCapture,
  RecordPaymentAttempt,
} from './order.commands';
import type {
  Notes,
  OrderCreated,
  OrderNotesEdited,
  OrderPaid,
  OrderPaymentAttempted,
  OrderPaymentCaptured,
  OrderTerms,
} from './order.events';

export const ORDER_ID = 'order_AbCdEfGhIjKlMn';
export const PAYMENT_ID = 'pay_AbCdEfGhIjKlMn';
export const SECOND_PAYMENT_ID = 'pay_BcDeFgHiJkLmNo';
export const THIRD_PAYMENT_ID = 'pay_CdEfGhIjKlMnOp';
/** When the order is created (ms). */
export const NOW = 1_700_000_000_000;
/** When payments are attempted and captured (ms): a minute later. */
export const LATER = NOW + 60_000;
export const METADATA: CommandMetadata = {
  accountId: 'acc_Test0000000001',
  mode: 'test',
  now: NOW,
};
export const ORDER_AMOUNT = 50_000;

export function terms(overrides: Partial<OrderTerms> = {}): OrderTerms {
  return {
    amount: ORDER_AMOUNT,
    currency: 'INR',
    receipt: 'rcpt_1',
    notes: {},
    partialPayment: false,
    firstPaymentMinAmount: null,
    paymentCapture: true,
    invoiceId: null,
    ...overrides,
  };
}

/** Terms of an order that several payments may pay. */
export function partialTerms(overrides: Partial<OrderTerms> = {}): OrderTerms {
  return terms({ partialPayment: true, ...overrides });
}

export function createOrder(overrides: Partial<OrderTerms> = {}): CreateOrder {
  return {
    type: 'CreateOrder',
    data: { orderId: ORDER_ID, terms: terms(overrides) },
    metadata: METADATA,
  };
}

export function orderCreated(overrides: Partial<OrderTerms> = {}): OrderCreated {
  return {
    type: 'OrderCreated',
    data: { orderId: ORDER_ID, terms: terms(overrides), createdAt: NOW },
  };
}

export interface Attempt {
  paymentId?: string;
  amount?: number;
  authorized?: boolean;
  captured?: boolean;
}

/** By default: the first payment, of the whole order amount, authorized and not captured. */
export function recordPaymentAttempt({
  paymentId = PAYMENT_ID,
  amount = ORDER_AMOUNT,
  authorized = true,
  captured = false,
}: Attempt = {}): RecordPaymentAttempt {
  return {
    type: 'RecordPaymentAttempt',
    data: { paymentId, amount, authorized, captured },
    metadata: { ...METADATA, now: LATER },
  };
}

export function orderPaymentAttempted({
  paymentId = PAYMENT_ID,
  amount = ORDER_AMOUNT,
  authorized = true,
}: Omit<Attempt, 'captured'> = {}): OrderPaymentAttempted {
  return { type: 'OrderPaymentAttempted', data: { paymentId, amount, authorized } };
}

export function recordCapture(paymentId = PAYMENT_ID, amount = ORDER_AMOUNT): RecordCapture {
  return {
    type: 'RecordCapture',
    data: { paymentId, amount },
    metadata: { ...METADATA, now: LATER },
  };
}

export function orderPaymentCaptured(
  paymentId = PAYMENT_ID,
  amount = ORDER_AMOUNT,
): OrderPaymentCaptured {
  return { type: 'OrderPaymentCaptured', data: { paymentId, amount } };
}

export function orderPaid(paymentId = PAYMENT_ID): OrderPaid {
  return { type: 'OrderPaid', data: { paymentId, paidAt: LATER } };
}

export function editOrderNotes(notes: Notes): EditOrderNotes {
  return { type: 'EditOrderNotes', data: { notes }, metadata: { ...METADATA, now: LATER } };
}

export function orderNotesEdited(notes: Notes): OrderNotesEdited {
  return { type: 'OrderNotesEdited', data: { notes } };
}

import {
  AlreadyExists,
  assertUnreachable,
  IllegalTransition,
  NotFound,
  ValidationFailed,
} from '@platform/domain-kit';
import type { DomainError } from '@platform/domain-kit';
import type {
  ChangeOrderPartialPayment,
  CloseOrder,
  CreateOrder,
  EditOrderNotes,
  OrderCommand,
  RecordCapture,
  RecordPaymentAttempt,
} from './order.commands';
import type { OrderCloseReason, OrderEvent, OrderTerms } from './order.events';

export const ORDER_STREAM = 'order';
/** Razorpay's smallest payment: ₹1. */
export const MIN_ORDER_AMOUNT = 100;

type CloseReason = OrderCloseReason;

/** What an order holds from its creation on: its terms and the payments made on it. */
interface OrderFacts {
  terms: OrderTerms;
  amountPaid: number;
  attempts: number;
  capturedPayments: readonly string[];
}

export type NewOrder = { status: 'new' };
/**
 * No payment attempted yet. `closed`: its invoice or payment link was cancelled or expired, and it
 * takes no more payments (one authorized before may still be captured).
 */
export type CreatedOrder = OrderFacts & {
  status: 'created';
  attempts: 0;
  closed: CloseReason | null;
};
export type AttemptedOrder = OrderFacts & { status: 'attempted'; closed: CloseReason | null };
/** Paid in full: nothing closes it any more. */
export type PaidOrder = OrderFacts & { status: 'paid'; closed: null };

export type Order = NewOrder | CreatedOrder | AttemptedOrder | PaidOrder;

export type ExistingOrder = Exclude<Order, NewOrder>;

export const initialState = (): Order => ({ status: 'new' });

export function evolve(state: Order, event: OrderEvent): Order {
  switch (event.type) {
    case 'OrderCreated':
      return {
        status: 'created',
        terms: { ...event.data.terms, invoiceId: event.data.terms.invoiceId ?? null },
        amountPaid: 0,
        attempts: 0,
        capturedPayments: [],
        closed: null,
      };
    case 'OrderPaymentAttempted':
      if (state.status === 'new') return state;
      return state.status === 'paid'
        ? { ...state, attempts: state.attempts + 1 }
        : { ...state, status: 'attempted', attempts: state.attempts + 1 };
    case 'OrderPaymentCaptured':
      return state.status === 'new'
        ? state
        : {
            ...state,
            amountPaid: state.amountPaid + event.data.amount,
            capturedPayments: [...state.capturedPayments, event.data.paymentId],
          };
    case 'OrderPaid':
      return state.status === 'new' ? state : { ...state, status: 'paid', closed: null };
    case 'OrderNotesEdited':
      return state.status === 'new'
        ? state
        : { ...state, terms: { ...state.terms, notes: event.data.notes } };
    case 'OrderClosed':
      return state.status === 'new' || state.status === 'paid'
        ? state
        : { ...state, closed: event.data.reason };
    case 'OrderPartialPaymentChanged':
      return state.status === 'new'
        ? state
        : { ...state, terms: { ...state.terms, ...event.data } };
    default:
      return assertUnreachable(event);
  }
}

export const amountDue = (order: ExistingOrder): number => order.terms.amount - order.amountPaid;

function existing(state: Order): ExistingOrder {
  if (state.status === 'new') throw new NotFound();
  return state;
}

/** An invoice's order, reported again, is already open: nothing to do. */
export function create(command: CreateOrder, state: Order): OrderEvent[] {
  if (
    state.status !== 'new' &&
    state.terms.invoiceId !== null &&
    state.terms.invoiceId === command.data.terms.invoiceId
  )
    return [];
  if (state.status !== 'new') throw new AlreadyExists('The order already exists.');
  const { terms } = command.data;
  if (terms.amount < MIN_ORDER_AMOUNT)
    throw new ValidationFailed(`The amount must be at least ${MIN_ORDER_AMOUNT}.`, 'amount');
  checkPartialPayment(terms);
  return [
    {
      type: 'OrderCreated',
      data: { orderId: command.data.orderId, terms, createdAt: command.metadata.now },
    },
  ];
}

/** The first payment's minimum goes with partial payments, from 100 up to the amount. */
function checkPartialPayment(
  terms: Pick<OrderTerms, 'amount' | 'partialPayment' | 'firstPaymentMinAmount'>,
): void {
  if (terms.firstPaymentMinAmount === null) return;
  if (terms.firstPaymentMinAmount < MIN_ORDER_AMOUNT)
    throw new ValidationFailed(
      `The first_payment_min_amount must be at least ${MIN_ORDER_AMOUNT}.`,
      'first_payment_min_amount',
    );
  if (!terms.partialPayment)
    throw new ValidationFailed(
      'The first_payment_min_amount is allowed only with partial_payment.',
      'first_payment_min_amount',
    );
  if (terms.firstPaymentMinAmount > terms.amount)
    throw new ValidationFailed(
      'The first_payment_min_amount may not be greater than the amount.',
      'first_payment_min_amount',
    );
}

const CLOSED_BY: Record<CloseReason, string> = {
  invoice_cancelled: 'The invoice of this order is cancelled',
  invoice_expired: 'The invoice of this order is expired',
  payment_link_cancelled: 'The payment link is cancelled',
  payment_link_expired: 'The payment link is expired',
};

/**
 * The refusal of a payment on an order whose invoice or payment link was cancelled or expired (also
 * when billing says so of an invoice before its event arrives).
 */
export const orderClosed = (reason: CloseReason): DomainError =>
  new IllegalTransition(`${CLOSED_BY[reason]}: it takes no more payments.`);

/** Razorpay's refusal of a payment on an order another payment paid: one successful payment per order. */
export const orderAlreadyPaid = (): DomainError =>
  new IllegalTransition('The order has already been paid.', undefined, {
    source: 'business',
    step: 'payment_initiation',
    reason: 'order_already_paid',
  });

/** Why a payment of this amount cannot be made on this order, or null. */
export function paymentAmountProblem(order: ExistingOrder, amount: number): DomainError | null {
  if (order.status === 'paid') return orderAlreadyPaid();
  if (order.closed) return orderClosed(order.closed);
  const due = amountDue(order);
  if (!order.terms.partialPayment)
    return amount === due
      ? null
      : new ValidationFailed(`The payment amount must be the order amount due (${due}).`, 'amount');
  if (amount > due)
    return new ValidationFailed(
      `The payment amount may not be greater than the order amount due (${due}).`,
      'amount',
    );
  const firstMinimum =
    order.amountPaid === 0
      ? (order.terms.firstPaymentMinAmount ?? MIN_ORDER_AMOUNT)
      : MIN_ORDER_AMOUNT;
  const least = Math.min(firstMinimum, due);
  return amount < least
    ? new ValidationFailed(`The payment amount must be at least ${least}.`, 'amount')
    : null;
}

export function recordPaymentAttempt(command: RecordPaymentAttempt, state: Order): OrderEvent[] {
  const order = existing(state);
  const { paymentId, amount, authorized, captured } = command.data;
  const problem = paymentAmountProblem(order, amount);
  if (problem) throw problem;
  const attempted: OrderEvent = {
    type: 'OrderPaymentAttempted',
    data: { paymentId, amount, authorized },
  };
  return authorized && captured
    ? [attempted, ...captureEvents(order, paymentId, amount, command.metadata.now)]
    : [attempted];
}

export function recordCapture(command: RecordCapture, state: Order): OrderEvent[] {
  const order = existing(state);
  const { paymentId, amount } = command.data;
  if (order.capturedPayments.includes(paymentId)) return [];
  if (order.status === 'paid')
    throw new IllegalTransition(
      'The order has already been paid: this payment cannot be captured. It is refunded automatically when its capture window ends.',
    );
  if (amount > amountDue(order))
    throw new IllegalTransition(
      `Capturing this payment would exceed the order amount due (${amountDue(order)}).`,
    );
  return captureEvents(order, paymentId, amount, command.metadata.now);
}

function captureEvents(
  order: ExistingOrder,
  paymentId: string,
  amount: number,
  now: number,
): OrderEvent[] {
  const captured: OrderEvent = { type: 'OrderPaymentCaptured', data: { paymentId, amount } };
  return amount === amountDue(order)
    ? [captured, { type: 'OrderPaid', data: { paymentId, paidAt: now } }]
    : [captured];
}

export function editNotes(command: EditOrderNotes, state: Order): OrderEvent {
  existing(state);
  return { type: 'OrderNotesEdited', data: { notes: command.data.notes } };
}

/** Closing twice, or closing a paid order, changes nothing. */
export function close(command: CloseOrder, state: Order): OrderEvent[] {
  const order = existing(state);
  if (order.closed || order.status === 'paid') return [];
  return [
    { type: 'OrderClosed', data: { reason: command.data.reason, closedAt: command.metadata.now } },
  ];
}

/** A payment link's accept_partial, changed while the link takes payments. */
export function changePartialPayment(
  command: ChangeOrderPartialPayment,
  state: Order,
): OrderEvent[] {
  const order = existing(state);
  if (order.status === 'paid') throw orderAlreadyPaid();
  const { partialPayment, firstPaymentMinAmount } = command.data;
  if (
    partialPayment === order.terms.partialPayment &&
    firstPaymentMinAmount === order.terms.firstPaymentMinAmount
  )
    return [];
  checkPartialPayment({ amount: order.terms.amount, partialPayment, firstPaymentMinAmount });
  return [{ type: 'OrderPartialPaymentChanged', data: { partialPayment, firstPaymentMinAmount } }];
}

export function decide(command: OrderCommand, state: Order): OrderEvent | OrderEvent[] {
  switch (command.type) {
    case 'CreateOrder':
      return create(command, state);
    case 'RecordPaymentAttempt':
      return recordPaymentAttempt(command, state);
    case 'RecordCapture':
      return recordCapture(command, state);
    case 'EditOrderNotes':
      return editNotes(command, state);
    case 'CloseOrder':
      return close(command, state);
    case 'ChangeOrderPartialPayment':
      return changePartialPayment(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const orderDecider = { decide, evolve, initialState, snapshotVersion: 1 };

/** The order stream: its type and its decider, for reading it. */
export const orderKind = { streamType: ORDER_STREAM, decider: orderDecider };

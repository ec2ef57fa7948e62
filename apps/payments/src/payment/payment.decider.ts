import {
  AlreadyExists,
  assertUnreachable,
  IllegalTransition,
  NotFound,
  ValidationFailed,
} from '@platform/domain-kit';
import { feeFor } from './fees';
import type {
  AuthorizePayment,
  CapturePayment,
  DeclinePayment,
  EditPaymentNotes,
  PaymentCommand,
  RecordDispute,
  RefundPayment,
} from './payment.commands';
import type { PaymentEvent } from './payment.events';

export const PAYMENT_STREAM = 'payment';
/** An authorized payment not captured within this time of its creation is refunded automatically. */
export const CAPTURE_WINDOW_MS = 3 * 24 * 3600 * 1000;
/** Razorpay's smallest refund: ₹1. */
export const MIN_REFUND_AMOUNT = 100;

export type Payment =
  | { status: 'new' }
  | { status: 'failed'; amount: number; currency: string }
  | {
      status: 'authorized' | 'captured' | 'refunded';
      amount: number;
      currency: string;
      orderId: string | null;
      createdAt: number;
      captured: boolean;
      amountRefunded: number;
      amountDisputed: number;
    };

type LivePayment = Extract<Payment, { status: 'authorized' | 'captured' | 'refunded' }>;

export const initialState = (): Payment => ({ status: 'new' });

export function evolve(state: Payment, event: PaymentEvent): Payment {
  switch (event.type) {
    case 'PaymentAuthorized': {
      const { amount, currency, orderId } = event.data.details;
      return {
        status: 'authorized',
        amount,
        currency,
        orderId,
        createdAt: event.data.createdAt,
        captured: false,
        amountRefunded: 0,
        amountDisputed: 0,
      };
    }
    case 'PaymentDeclined':
      return {
        status: 'failed',
        amount: event.data.details.amount,
        currency: event.data.details.currency,
      };
    case 'PaymentCaptured':
      return isLive(state) ? { ...state, status: 'captured', captured: true } : state;
    case 'PaymentRefunded':
      return isLive(state) ? withRefund(state, event.data.amount) : state;
    case 'PaymentDisputed':
      return isLive(state)
        ? { ...state, amountDisputed: state.amountDisputed + event.data.amount }
        : state;
    case 'PaymentNotesEdited':
      return state;
    default:
      return assertUnreachable(event);
  }
}

function isLive(state: Payment): state is LivePayment {
  return (
    state.status === 'authorized' || state.status === 'captured' || state.status === 'refunded'
  );
}

function withRefund(state: LivePayment, amount: number): LivePayment {
  const amountRefunded = state.amountRefunded + amount;
  return {
    ...state,
    amountRefunded,
    status: amountRefunded >= state.amount ? 'refunded' : state.status,
  };
}

/**
 * Still refundable: what was captured and neither given back nor disputed (money under dispute may
 * go back through the bank: refunding it as well could return it twice).
 */
export const refundable = (payment: LivePayment): number =>
  payment.captured ? payment.amount - payment.amountRefunded - payment.amountDisputed : 0;

export const captureWindowEnds = (payment: { createdAt: number }): number =>
  payment.createdAt + CAPTURE_WINDOW_MS;

export function authorize(command: AuthorizePayment, state: Payment): PaymentEvent[] {
  if (state.status !== 'new') throw new AlreadyExists('The payment already exists.');
  const { paymentId, details, acquirerData, capture } = command.data;
  const now = command.metadata.now;
  const authorized: PaymentEvent = {
    type: 'PaymentAuthorized',
    data: { paymentId, details, acquirerData, createdAt: now },
  };
  return capture ? [authorized, captured(details.amount, details.currency, now)] : [authorized];
}

export function decline(command: DeclinePayment, state: Payment): PaymentEvent {
  if (state.status !== 'new') throw new AlreadyExists('The payment already exists.');
  const { paymentId, details, error } = command.data;
  return {
    type: 'PaymentDeclined',
    data: { paymentId, details, error, createdAt: command.metadata.now },
  };
}

export function capture(command: CapturePayment, state: Payment): PaymentEvent {
  if (state.status === 'new') throw new NotFound();
  if (state.status === 'failed')
    throw new IllegalTransition('This payment has failed and cannot be captured.');
  if (state.captured) throw new IllegalTransition('This payment has already been captured.');
  if (state.status === 'refunded')
    throw new IllegalTransition(
      'This payment was not captured within its capture window and has been refunded.',
    );
  if (command.metadata.now >= captureWindowEnds(state))
    throw new IllegalTransition(
      'This payment can no longer be captured: its capture window of 3 days has ended, and it is refunded automatically.',
    );
  const { amount, currency } = command.data;
  if (currency !== state.currency)
    throw new ValidationFailed(
      `The currency must be the payment currency (${state.currency}).`,
      'currency',
    );
  if (amount !== state.amount)
    throw new ValidationFailed(
      `Capture amount must be equal to the amount authorized (${state.amount}).`,
      'amount',
    );
  return captured(amount, currency, command.metadata.now);
}

function captured(amount: number, currency: string, now: number): PaymentEvent {
  return {
    type: 'PaymentCaptured',
    data: { amount, currency, ...feeFor(amount), capturedAt: now },
  };
}

export function editNotes(command: EditPaymentNotes, state: Payment): PaymentEvent {
  if (state.status === 'new') throw new NotFound();
  return { type: 'PaymentNotesEdited', data: { notes: command.data.notes } };
}

export function refund(command: RefundPayment, state: Payment): PaymentEvent[] {
  if (state.status === 'new') throw new NotFound();
  const { refundId, automatic } = command.data;
  if (automatic) return autoRefund(refundId, state, command.metadata.now);
  if (state.status === 'failed' || !state.captured)
    throw new IllegalTransition('Only captured payments can be refunded.');
  const left = refundable(state);
  if (left === 0)
    throw new IllegalTransition(
      state.amountDisputed > 0
        ? 'Nothing of this payment can be refunded: what was not refunded is disputed.'
        : 'The payment has been fully refunded already.',
    );
  const amount = command.data.amount ?? left;
  if (amount < MIN_REFUND_AMOUNT && amount !== left)
    throw new ValidationFailed(`The amount must be at least ${MIN_REFUND_AMOUNT}.`, 'amount');
  if (amount > left)
    throw new ValidationFailed(
      `The refund amount provided is greater than amount captured and not yet refunded${state.amountDisputed > 0 ? ' or disputed' : ''} (${left}).`,
      'amount',
    );
  return [
    {
      type: 'PaymentRefunded',
      data: { refundId, amount, automatic: false, refundedAt: command.metadata.now },
    },
  ];
}

/** The capture window ended: an authorized, uncaptured payment goes back in full. Otherwise nothing to do. */
function autoRefund(refundId: string, state: Payment, now: number): PaymentEvent[] {
  if (state.status !== 'authorized' || state.captured || now < captureWindowEnds(state)) return [];
  return [
    {
      type: 'PaymentRefunded',
      data: { refundId, amount: state.amount, automatic: true, refundedAt: now },
    },
  ];
}

/** What a bank can still dispute: captured, not refunded, not disputed already. */
export const disputable = (payment: LivePayment): number =>
  payment.captured ? payment.amount - payment.amountRefunded - payment.amountDisputed : 0;

export function recordDispute(command: RecordDispute, state: Payment): PaymentEvent {
  if (state.status === 'new') throw new NotFound();
  if (state.status === 'failed' || !state.captured)
    throw new IllegalTransition('Only captured payments can be disputed.');
  const left = disputable(state);
  if (left === 0)
    throw new IllegalTransition(
      'Nothing of this payment can be disputed: it was refunded or disputed in full.',
    );
  const amount = command.data.amount ?? left;
  if (amount > left)
    throw new ValidationFailed(
      `The dispute amount may not be greater than the amount captured and neither refunded nor disputed (${left}).`,
      'amount',
    );
  return { type: 'PaymentDisputed', data: { disputeId: command.data.disputeId, amount } };
}

export function decide(command: PaymentCommand, state: Payment): PaymentEvent | PaymentEvent[] {
  switch (command.type) {
    case 'AuthorizePayment':
      return authorize(command, state);
    case 'DeclinePayment':
      return decline(command, state);
    case 'CapturePayment':
      return capture(command, state);
    case 'EditPaymentNotes':
      return editNotes(command, state);
    case 'RefundPayment':
      return refund(command, state);
    case 'RecordDispute':
      return recordDispute(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const paymentDecider = { decide, evolve, initialState };

/** The payment stream: its type and its decider, for reading it. */
export const paymentKind = { streamType: PAYMENT_STREAM, decider: paymentDecider };

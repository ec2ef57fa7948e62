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
  CreatePayment,
  DeclinePayment,
  EditPaymentNotes,
  ExpirePayment,
  PaymentCommand,
  RecordDispute,
  RefundPayment,
} from './payment.commands';
import type {
  AcquirerChallenge,
  PaymentDetails,
  PaymentError,
  PaymentEvent,
} from './payment.events';

export const PAYMENT_STREAM = 'payment';
/** An authorized payment not captured within this time of its creation is refunded automatically. */
export const CAPTURE_WINDOW_MS = 3 * 24 * 3600 * 1000;
/** Razorpay's smallest refund: ₹1. */
export const MIN_REFUND_AMOUNT = 100;
/** A `created` payment whose customer has not answered its challenge within this time fails. */
export const CHALLENGE_WINDOW_MS = 15 * 60 * 1000;

/** Razorpay's reason for a payment the customer did not complete in time. */
export const PAYMENT_TIMED_OUT: PaymentError = {
  code: 'BAD_REQUEST_ERROR',
  description: 'The customer did not complete the transaction within the specified time.',
  source: 'customer',
  step: 'payment_authentication',
  reason: 'payment_timed_out',
};

/** What every payment that went through holds from its authorization on. */
interface PaymentTerms {
  amount: number;
  currency: string;
  orderId: string | null;
  createdAt: number;
  /** Made with the dispute test card: its bank disputes it once it is captured. */
  disputeAfterCapture: boolean;
}

export type NewPayment = { status: 'new' };
/**
 * Waiting for the customer to answer the acquirer's challenge: what its authorization will record,
 * the challenge, and the subscription it authorizes (or null).
 */
export type CreatedPayment = {
  status: 'created';
  amount: number;
  currency: string;
  details: PaymentDetails;
  acquirer: AcquirerChallenge;
  subscriptionId: string | null;
  createdAt: number;
};
export type FailedPayment = { status: 'failed'; amount: number; currency: string };
/** Not captured yet: nothing of it can have been refunded or disputed. */
export type AuthorizedPayment = PaymentTerms & {
  status: 'authorized';
  captured: false;
  amountRefunded: 0;
  amountDisputed: 0;
};
/** Captured, and not refunded in full: refunds and disputes count against what was captured. */
export type CapturedPayment = PaymentTerms & {
  status: 'captured';
  captured: true;
  amountRefunded: number;
  amountDisputed: number;
};
/**
 * Refunded in full: either after its capture, or never captured, refunded automatically when its
 * capture window ended (money never captured cannot have been disputed).
 */
export type RefundedPayment = PaymentTerms & { status: 'refunded'; amountRefunded: number } & (
    { captured: true; amountDisputed: number } | { captured: false; amountDisputed: 0 }
  );

export type Payment =
  | NewPayment
  | CreatedPayment
  | FailedPayment
  | AuthorizedPayment
  | CapturedPayment
  | RefundedPayment;

/** A payment whose money was captured: what refunds and disputes are made of. */
export type CapturedOrAfter = CapturedPayment | Extract<RefundedPayment, { captured: true }>;

export const initialState = (): Payment => ({ status: 'new' });

export function evolve(state: Payment, event: PaymentEvent): Payment {
  switch (event.type) {
    case 'PaymentCreated':
      return {
        status: 'created',
        amount: event.data.details.amount,
        currency: event.data.details.currency,
        details: event.data.details,
        acquirer: event.data.acquirer,
        subscriptionId: event.data.subscriptionId,
        createdAt: event.data.createdAt,
      };
    case 'PaymentAuthorized':
      return authorized(event.data.details, event.data.createdAt);
    case 'PaymentDeclined':
      return {
        status: 'failed',
        amount: event.data.details.amount,
        currency: event.data.details.currency,
      };
    case 'PaymentCaptured':
      return state.status === 'authorized'
        ? { ...state, status: 'captured', captured: true }
        : state;
    case 'PaymentRefunded':
      return withRefund(state, event.data.amount);
    case 'PaymentDisputed':
      return wasCaptured(state)
        ? { ...state, amountDisputed: state.amountDisputed + event.data.amount }
        : state;
    case 'PaymentNotesEdited':
      return state;
    default:
      return assertUnreachable(event);
  }
}

function authorized(
  { amount, currency, orderId, disputeAfterCapture }: PaymentDetails,
  createdAt: number,
): AuthorizedPayment {
  return {
    status: 'authorized',
    amount,
    currency,
    orderId,
    createdAt,
    disputeAfterCapture,
    captured: false,
    amountRefunded: 0,
    amountDisputed: 0,
  };
}

export function wasCaptured(state: Payment): state is CapturedOrAfter {
  return (state.status === 'captured' || state.status === 'refunded') && state.captured;
}

/** An uncaptured payment is only ever refunded in full (its capture window ended). */
function withRefund(state: Payment, amount: number): Payment {
  if (state.status === 'authorized')
    return { ...state, status: 'refunded', amountRefunded: amount, amountDisputed: 0 };
  if (!wasCaptured(state)) return state;
  const amountRefunded = state.amountRefunded + amount;
  return amountRefunded >= state.amount
    ? { ...state, status: 'refunded', amountRefunded }
    : { ...state, amountRefunded };
}

/**
 * What of a captured payment is still open: captured, neither given back nor disputed. It is all a
 * refund or a dispute may take (money under dispute may go back through the bank: refunding it as
 * well could return it twice).
 */
export const openAmount = (payment: CapturedOrAfter): number =>
  payment.amount - payment.amountRefunded - payment.amountDisputed;

export const captureWindowEnds = (payment: { createdAt: number }): number =>
  payment.createdAt + CAPTURE_WINDOW_MS;

export const challengeEnds = (payment: CreatedPayment): number =>
  payment.createdAt + CHALLENGE_WINDOW_MS;

export function create(command: CreatePayment, state: Payment): PaymentEvent {
  if (state.status !== 'new') throw new AlreadyExists('The payment already exists.');
  return { type: 'PaymentCreated', data: { ...command.data, createdAt: command.metadata.now } };
}

/**
 * What a new or `created` payment is made of when it is decided: a created payment keeps what it
 * recorded (its details, its creation time); any other payment exists already.
 */
function toDecide(
  state: Payment,
  details: PaymentDetails,
  now: number,
): { details: PaymentDetails; createdAt: number } {
  if (state.status === 'new') return { details, createdAt: now };
  if (state.status !== 'created') throw new AlreadyExists('The payment already exists.');
  return { details: state.details, createdAt: state.createdAt };
}

export function authorize(command: AuthorizePayment, state: Payment): PaymentEvent[] {
  const now = command.metadata.now;
  if (state.status === 'created' && now >= challengeEnds(state))
    throw new IllegalTransition(
      'This payment has timed out: it was not completed within 15 minutes.',
    );
  const { paymentId, acquirerData, capture } = command.data;
  const { details, createdAt } = toDecide(state, command.data.details, now);
  const authorized: PaymentEvent = {
    type: 'PaymentAuthorized',
    data: { paymentId, details, acquirerData, createdAt },
  };
  return capture ? [authorized, captured(details.amount, details.currency, now)] : [authorized];
}

export function decline(command: DeclinePayment, state: Payment): PaymentEvent {
  const { paymentId, error } = command.data;
  const { details, createdAt } = toDecide(state, command.data.details, command.metadata.now);
  return { type: 'PaymentDeclined', data: { paymentId, details, error, createdAt } };
}

/** The customer never answered: a `created` payment past its window fails; anything else stays. */
export function expire(command: ExpirePayment, state: Payment): PaymentEvent[] {
  if (state.status !== 'created' || command.metadata.now < challengeEnds(state)) return [];
  const { details, createdAt } = state;
  const { paymentId } = command.data;
  return [
    { type: 'PaymentDeclined', data: { paymentId, details, error: PAYMENT_TIMED_OUT, createdAt } },
  ];
}

export function capture(command: CapturePayment, state: Payment): PaymentEvent {
  if (state.status === 'new') throw new NotFound();
  if (state.status === 'failed')
    throw new IllegalTransition('This payment has failed and cannot be captured.');
  if (state.status === 'created')
    throw new IllegalTransition(
      'This payment is not authorized yet: the customer has not completed it.',
    );
  if (wasCaptured(state)) throw new IllegalTransition('This payment has already been captured.');
  if (state.status === 'refunded')
    throw new IllegalTransition(
      'This payment was not captured within its capture window and has been refunded.',
    );
  if (command.metadata.now >= captureWindowEnds(state))
    throw new IllegalTransition(
      'This payment can no longer be captured: its capture window of 3 days has ended, and it is refunded automatically.',
    );
  const { amount } = command.data;
  const currency = command.data.currency ?? state.currency;
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
  if (!wasCaptured(state)) throw new IllegalTransition('Only captured payments can be refunded.');
  const left = openAmount(state);
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
  if (state.status !== 'authorized' || now < captureWindowEnds(state)) return [];
  return [
    {
      type: 'PaymentRefunded',
      data: { refundId, amount: state.amount, automatic: true, refundedAt: now },
    },
  ];
}

export function recordDispute(command: RecordDispute, state: Payment): PaymentEvent {
  if (state.status === 'new') throw new NotFound();
  if (!wasCaptured(state)) throw new IllegalTransition('Only captured payments can be disputed.');
  const left = openAmount(state);
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
    case 'CreatePayment':
      return create(command, state);
    case 'AuthorizePayment':
      return authorize(command, state);
    case 'DeclinePayment':
      return decline(command, state);
    case 'ExpirePayment':
      return expire(command, state);
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

export const paymentDecider = { decide, evolve, initialState, snapshotVersion: 1 };

/** The payment stream: its type and its decider, for reading it. */
export const paymentKind = { streamType: PAYMENT_STREAM, decider: paymentDecider };

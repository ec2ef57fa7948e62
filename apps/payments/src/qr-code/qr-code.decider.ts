import {
  AlreadyExists,
  assertUnreachable,
  IllegalTransition,
  NotFound,
  ValidationFailed,
} from '@platform/domain-kit';
import type {
  CloseQrCode,
  CreateQrCode,
  ExpireQrCode,
  QrCodeCommand,
  RecordQrPayment,
} from './qr-code.commands';
import type { QrCodeEvent, QrCodeTerms } from './qr-code.events';

export const QR_CODE_STREAM = 'qr_code';
export const MIN_QR_PAYMENT = 100;
/** close_by must be at least this far ahead of now. */
export const CLOSE_BY_MIN_LEAD_MS = 15 * 60 * 1000;
/** The largest close_by (a signed 32-bit Unix time). */
export const CLOSE_BY_MAX = 2_147_483_647;
/** A single-use code without close_by becomes inactive this long after its creation. */
export const SINGLE_USE_LIFETIME_MS = 45 * 24 * 3600 * 1000;

export type QrCode =
  { status: 'new' } | { status: 'active' | 'closed'; terms: QrCodeTerms; createdAt: number };

type ExistingQrCode = Exclude<QrCode, { status: 'new' }>;

export const initialState = (): QrCode => ({ status: 'new' });

export function evolve(state: QrCode, event: QrCodeEvent): QrCode {
  switch (event.type) {
    case 'QrCodeCreated':
      return { status: 'active', terms: event.data.terms, createdAt: event.data.createdAt };
    case 'QrCodeCredited':
      return state;
    case 'QrCodeClosed':
      return state.status === 'new' ? state : { ...state, status: 'closed' };
    default:
      return assertUnreachable(event);
  }
}

/** When the code closes by itself (ms on the account clock), or null: multiple-use codes never expire. */
export function expiresAt(code: { terms: QrCodeTerms; createdAt: number }): number | null {
  if (code.terms.usage !== 'single_use') return null;
  return code.terms.closeBy !== null
    ? code.terms.closeBy * 1000
    : code.createdAt + SINGLE_USE_LIFETIME_MS;
}

function existing(state: QrCode): ExistingQrCode {
  if (state.status === 'new') throw new NotFound();
  return state;
}

export function create(command: CreateQrCode, state: QrCode): QrCodeEvent {
  if (state.status !== 'new') throw new AlreadyExists('The QR code already exists.');
  const { terms, upiQrEnabled } = command.data;
  if (terms.type === 'upi_qr' && !upiQrEnabled)
    throw new ValidationFailed(
      'UPI QR codes are not enabled for this account in this mode.',
      'type',
    );
  if (terms.usage === 'single_use' && !terms.fixedAmount)
    throw new ValidationFailed('A single_use QR code must have fixed_amount true.', 'fixed_amount');
  if (terms.fixedAmount && terms.paymentAmount === null)
    throw new ValidationFailed(
      'The payment_amount field is required when fixed_amount is true.',
      'payment_amount',
    );
  if (!terms.fixedAmount && terms.paymentAmount !== null)
    throw new ValidationFailed(
      'The payment_amount is allowed only when fixed_amount is true.',
      'payment_amount',
    );
  if (terms.paymentAmount !== null && terms.paymentAmount < MIN_QR_PAYMENT)
    throw new ValidationFailed(
      `The payment_amount must be at least ${MIN_QR_PAYMENT}.`,
      'payment_amount',
    );
  if (terms.closeBy !== null) checkCloseBy(terms, command.metadata.now);
  return {
    type: 'QrCodeCreated',
    data: { qrCodeId: command.data.qrCodeId, terms, createdAt: command.metadata.now },
  };
}

function checkCloseBy(terms: QrCodeTerms, now: number): void {
  const closeBy = terms.closeBy as number;
  if (terms.usage !== 'single_use')
    throw new ValidationFailed('The close_by is allowed only for single_use QR codes.', 'close_by');
  if (closeBy > CLOSE_BY_MAX)
    throw new ValidationFailed(`The close_by may not be greater than ${CLOSE_BY_MAX}.`, 'close_by');
  if (closeBy * 1000 < now + CLOSE_BY_MIN_LEAD_MS)
    throw new ValidationFailed(
      'The close_by must be at least 15 minutes after the current time.',
      'close_by',
    );
}

export function close(command: CloseQrCode, state: QrCode): QrCodeEvent {
  const code = existing(state);
  if (code.status === 'closed') throw new IllegalTransition('The QR code is already closed.');
  return { type: 'QrCodeClosed', data: { reason: 'on_demand', closedAt: command.metadata.now } };
}

/**
 * Why this payment cannot be made on the code at `now`, or null. A code past its time is closed to
 * payments at once, even before the scheduled close has run.
 */
export function paymentProblem(
  state: QrCode,
  payment: { method: string; amount: number; now: number },
): ValidationFailed | IllegalTransition | null {
  const code = existing(state);
  const { method, amount, now } = payment;
  if (code.status === 'closed')
    return new IllegalTransition('The QR code is closed and accepts no payments.');
  const expiry = expiresAt(code);
  if (expiry !== null && now >= expiry)
    return new IllegalTransition('The QR code has expired and accepts no payments.');
  const methods = code.terms.type === 'upi_qr' ? ['upi'] : ['upi', 'card'];
  if (!methods.includes(method))
    return new ValidationFailed(
      `This QR code accepts only ${methods.join(' and ')} payments.`,
      'method',
    );
  if (code.terms.fixedAmount && amount !== code.terms.paymentAmount)
    return new ValidationFailed(
      `The amount must be the QR code's payment_amount (${code.terms.paymentAmount}).`,
      'amount',
    );
  if (amount < MIN_QR_PAYMENT)
    return new ValidationFailed(`The amount must be at least ${MIN_QR_PAYMENT}.`, 'amount');
  return null;
}

export function recordPayment(command: RecordQrPayment, state: QrCode): QrCodeEvent[] {
  const { paymentId, amount, method } = command.data;
  const code = existing(state);
  const problem = paymentProblem(code, { method, amount, now: command.metadata.now });
  if (problem) throw problem;
  const credited: QrCodeEvent = { type: 'QrCodeCredited', data: { paymentId, amount } };
  return code.terms.usage === 'single_use'
    ? [credited, { type: 'QrCodeClosed', data: { reason: 'paid', closedAt: command.metadata.now } }]
    : [credited];
}

/** Scheduled work: a code closed already, or not yet due, is left as it is. */
export function expire(command: ExpireQrCode, state: QrCode): QrCodeEvent[] {
  if (state.status !== 'active') return [];
  const due = expiresAt(state);
  if (due === null || command.metadata.now < due) return [];
  return [{ type: 'QrCodeClosed', data: { reason: 'on_demand', closedAt: command.metadata.now } }];
}

export function decide(command: QrCodeCommand, state: QrCode): QrCodeEvent | QrCodeEvent[] {
  switch (command.type) {
    case 'CreateQrCode':
      return create(command, state);
    case 'CloseQrCode':
      return close(command, state);
    case 'RecordQrPayment':
      return recordPayment(command, state);
    case 'ExpireQrCode':
      return expire(command, state);
    default:
      return assertUnreachable(command);
  }
}

/** Bump with any change to `evolve` or the state's shape: snapshots of another version are ignored. */
export const qrCodeDecider = { decide, evolve, initialState, snapshotVersion: 1 };

/** The QR code stream: its type and its decider, for reading it. */
export const qrCodeKind = { streamType: QR_CODE_STREAM, decider: qrCodeDecider };

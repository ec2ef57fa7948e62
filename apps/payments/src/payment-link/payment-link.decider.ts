import {
  AlreadyExists,
  assertUnreachable,
  IllegalTransition,
  NotFound,
  ValidationFailed,
} from '@platform/domain-kit';
import type { DomainError } from '@platform/domain-kit';
import type {
  CancelPaymentLink,
  CreatePaymentLink,
  EditPaymentLink,
  ExpirePaymentLink,
  PaymentLinkCommand,
  RecordLinkNotification,
  RecordLinkPayment,
} from './payment-link.commands';
import type { PaymentLinkEvent, PaymentLinkTerms } from './payment-link.events';
import {
  amountDue,
  EXPIRE_BY_MIN_LEAD_MS,
  expiresAt,
  evolve,
  initialState,
  isOpen,
  latestExpiry,
  MIN_LINK_AMOUNT,
  PAYMENT_LINK_STREAM,
} from './payment-link.state';
import type { ExistingLink, OpenLink, PaymentLink } from './payment-link.state';

/** Razorpay's messages, verbatim. */
export const LinkMessages = {
  upiInTestMode:
    'UPI Payment Links is not supported in Test Mode. Please experience the product in Live Mode.',
  upiCurrency: 'upi is currently supported only in indian currency',
  upiPartial: 'partial payment not supported in upi link',
  expireBySoon: 'timestamp must be atleast 15 minutes in future',
  notEditable: 'update can only be made in created or partially paid state',
  cancelPaid: 'cannot cancel or expire an already paid/partially paid link',
  cancelExpired: 'cannot cancel or expire an expired link',
} as const;

function existing(state: PaymentLink): ExistingLink {
  if (state.status === 'new') throw new NotFound();
  return state;
}

/** At least 15 minutes ahead of now, at most six months after the link's creation. */
function checkExpireBy(expireBy: number, now: number, createdAt: number): void {
  if (expireBy * 1000 < now + EXPIRE_BY_MIN_LEAD_MS)
    throw new ValidationFailed(LinkMessages.expireBySoon, 'expire_by');
  if (expireBy * 1000 > latestExpiry(createdAt))
    throw new ValidationFailed(
      'The expire_by may not be more than six months after the link was created.',
      'expire_by',
    );
}

function checkTerms(terms: PaymentLinkTerms, mode: 'test' | 'live', now: number): void {
  if (terms.amount < MIN_LINK_AMOUNT)
    throw new ValidationFailed(`The amount must be at least ${MIN_LINK_AMOUNT}.`, 'amount');
  const least = terms.firstMinPartialAmount;
  if (least !== null && !terms.acceptPartial)
    throw new ValidationFailed(
      'The first_min_partial_amount is allowed only with accept_partial true.',
      'first_min_partial_amount',
    );
  if (least !== null && (least < MIN_LINK_AMOUNT || least > terms.amount))
    throw new ValidationFailed(
      `The first_min_partial_amount must be from ${MIN_LINK_AMOUNT} to the amount.`,
      'first_min_partial_amount',
    );
  if (terms.callbackUrl !== null && terms.callbackMethod === null)
    throw new ValidationFailed(
      'The callback method field is required when callback url is present.',
      'callback_method',
    );
  if (terms.callbackUrl === null && terms.callbackMethod !== null)
    throw new ValidationFailed(
      'The callback_method is allowed only with a callback_url.',
      'callback_method',
    );
  if (terms.upiLink) checkUpiLink(terms, mode);
  if (terms.expireBy !== null) checkExpireBy(terms.expireBy, now, now);
}

/** UPI links: live mode only, rupees only, paid in one payment. */
function checkUpiLink(terms: Pick<PaymentLinkTerms, 'currency' | 'acceptPartial'>, mode: string) {
  if (mode === 'test') throw new ValidationFailed(LinkMessages.upiInTestMode, 'upi_link');
  if (terms.currency !== 'INR') throw new ValidationFailed(LinkMessages.upiCurrency, 'currency');
  if (terms.acceptPartial) throw new ValidationFailed(LinkMessages.upiPartial, 'accept_partial');
}

export function create(command: CreatePaymentLink, state: PaymentLink): PaymentLinkEvent {
  if (state.status !== 'new') throw new AlreadyExists('The payment link already exists.');
  const { now, mode } = command.metadata;
  checkTerms(command.data.terms, mode, now);
  return { type: 'PaymentLinkCreated', data: { ...command.data, createdAt: now } };
}

/** Only what PATCH may change, and only while the link takes payments. */
export function edit(command: EditPaymentLink, state: PaymentLink): PaymentLinkEvent[] {
  const link = existing(state);
  if (!isOpen(link)) throw new IllegalTransition(LinkMessages.notEditable);
  const { changes } = command.data;
  if (Object.keys(changes).length === 0) return [];
  if (changes.acceptPartial && link.terms.upiLink)
    throw new ValidationFailed(LinkMessages.upiPartial, 'accept_partial');
  if (changes.expireBy !== undefined && changes.expireBy !== null)
    checkExpireBy(changes.expireBy, command.metadata.now, link.createdAt);
  return [{ type: 'PaymentLinkEdited', data: { changes, editedAt: command.metadata.now } }];
}

/**
 * Why a payment cannot be made on the link at `now`, or null: a link past its time takes none at
 * once, even before its scheduled expiry has run.
 */
export function paymentProblem(state: PaymentLink, now: number): DomainError | null {
  const link = existing(state);
  if (link.status === 'paid')
    return new IllegalTransition('The payment link has already been paid.');
  if (link.status === 'cancelled' || link.status === 'expired')
    return new IllegalTransition(`The payment link is ${link.status}: it takes no more payments.`);
  return now >= expiresAt(link)
    ? new IllegalTransition('The payment link is expired: it takes no more payments.')
    : null;
}

/** Recorded with its order's capture; the order's rules already held the amount to what is due. */
export function recordPayment(command: RecordLinkPayment, state: PaymentLink): PaymentLinkEvent[] {
  const link = existing(state);
  const { paymentId, amount, method, paymentCreatedAt } = command.data;
  if (link.capturedPayments.includes(paymentId)) return [];
  const { now } = command.metadata;
  const problem = paymentProblem(link, now);
  if (problem) throw problem;
  if (amount > amountDue(link))
    throw new IllegalTransition(
      `The payment is more than the payment link has due (${amountDue(link)}).`,
    );
  const captured: PaymentLinkEvent = {
    type: 'PaymentLinkPaymentCaptured',
    data: { paymentId, amount, method, paymentCreatedAt, capturedAt: now },
  };
  return amount === amountDue(link)
    ? [captured, { type: 'PaymentLinkPaid', data: { paymentId, paidAt: now } }]
    : [captured];
}

/** Razorpay cancels only links nothing was paid on (`created`). */
export function cancel(command: CancelPaymentLink, state: PaymentLink): PaymentLinkEvent {
  const link = existing(state);
  refuseUnlessCreated(link);
  return { type: 'PaymentLinkCancelled', data: { cancelledAt: command.metadata.now } };
}

function refuseUnlessCreated(link: ExistingLink): asserts link is OpenLink {
  switch (link.status) {
    case 'created':
      return;
    case 'paid':
    case 'partially_paid':
      throw new IllegalTransition(LinkMessages.cancelPaid);
    case 'expired':
      throw new IllegalTransition(LinkMessages.cancelExpired);
    case 'cancelled':
      throw new IllegalTransition('cannot cancel or expire an already cancelled link');
    default:
      return assertUnreachable(link);
  }
}

/** Scheduled work: a link closed already, or not due yet (its expire_by moved), is left as it is. */
export function expire(command: ExpirePaymentLink, state: PaymentLink): PaymentLinkEvent[] {
  if (state.status === 'new' || !isOpen(state)) return [];
  if (command.metadata.now < expiresAt(state)) return [];
  return [{ type: 'PaymentLinkExpired', data: { expiredAt: command.metadata.now } }];
}

/** A link is sent to its customer only while it takes payments. */
export function checkSendable(state: PaymentLink): OpenLink {
  const link = existing(state);
  if (!isOpen(link))
    throw new IllegalTransition(
      `The payment link is ${link.status}: there is nothing to send its customer.`,
    );
  return link;
}

export function recordNotification(
  command: RecordLinkNotification,
  state: PaymentLink,
): PaymentLinkEvent {
  checkSendable(state);
  const { medium, to } = command.data;
  return { type: 'PaymentLinkNotified', data: { medium, to, notifiedAt: command.metadata.now } };
}

export function decide(
  command: PaymentLinkCommand,
  state: PaymentLink,
): PaymentLinkEvent | PaymentLinkEvent[] {
  switch (command.type) {
    case 'CreatePaymentLink':
      return create(command, state);
    case 'EditPaymentLink':
      return edit(command, state);
    case 'RecordLinkPayment':
      return recordPayment(command, state);
    case 'CancelPaymentLink':
      return cancel(command, state);
    case 'ExpirePaymentLink':
      return expire(command, state);
    case 'RecordLinkNotification':
      return recordNotification(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const paymentLinkDecider = { decide, evolve, initialState, snapshotVersion: 1 };

/** The payment link stream: its type and its decider, for reading it. */
export const paymentLinkKind = { streamType: PAYMENT_LINK_STREAM, decider: paymentLinkDecider };

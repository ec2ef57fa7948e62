import {
  AlreadyExists,
  assertUnreachable,
  IllegalTransition,
  NotFound,
  ValidationFailed,
} from '@platform/domain-kit';
import type {
  CancelInvoice,
  CreateInvoice,
  DeleteInvoice,
  EditInvoice,
  ExpireInvoice,
  InvoiceCommand,
  IssueInvoice,
  RecordInvoicePayment,
  RecordNotification,
} from './invoice.commands';
import { invoiceTotals, MAX_LINE_ITEMS, MIN_INVOICE_AMOUNT } from './invoice-amounts';
import type {
  InvoiceEvent,
  InvoicePaymentRejectionReason,
  InvoiceTerms,
  NotificationMedium,
} from './invoice.events';

export const INVOICE_STREAM = 'invoice';

export type InvoiceStatus =
  'draft' | 'issued' | 'partially_paid' | 'paid' | 'cancelled' | 'expired' | 'deleted';

export interface ExistingInvoice {
  status: InvoiceStatus;
  terms: InvoiceTerms;
  orderId: string | null;
  amountPaid: number;
  payments: readonly string[];
  /** Payments rejected (payments refunds them): a repeat rejects nothing again. */
  rejectedPayments: readonly string[];
  notified: readonly NotificationMedium[];
}

export type Invoice = { status: 'new' } | ExistingInvoice;

/** What an issued invoice may still change (Razorpay's rule): everything else is fixed once issued. */
export const EDITABLE_WHEN_ISSUED = [
  'notes',
  'description',
  'expireBy',
  'smsNotify',
  'emailNotify',
] as const satisfies readonly (keyof InvoiceTerms)[];
const API_NAMES: Partial<Record<keyof InvoiceTerms, string>> = {
  expireBy: 'expire_by',
  partialPayment: 'partial_payment',
  smsNotify: 'sms_notify',
  emailNotify: 'email_notify',
  lines: 'line_items',
  customer: 'customer',
  subscriptionId: 'subscription_id',
};
export const apiName = (field: keyof InvoiceTerms): string => API_NAMES[field] ?? field;

export const initialState = (): Invoice => ({ status: 'new' });

export function evolve(state: Invoice, event: InvoiceEvent): Invoice {
  if (event.type === 'InvoiceCreated')
    return {
      status: 'draft',
      terms: event.data.terms,
      orderId: null,
      amountPaid: 0,
      payments: [],
      rejectedPayments: [],
      notified: [],
    };
  if (state.status === 'new') return state;
  switch (event.type) {
    case 'InvoiceEdited':
      return { ...state, terms: { ...state.terms, ...event.data.changes } };
    case 'InvoiceIssued':
      return { ...state, status: 'issued', orderId: event.data.orderId };
    case 'InvoiceDeleted':
      return { ...state, status: 'deleted' };
    case 'InvoiceCancelled':
      return { ...state, status: 'cancelled' };
    case 'InvoiceExpired':
      return { ...state, status: 'expired' };
    case 'InvoicePaymentRecorded':
      return {
        ...state,
        status: 'partially_paid',
        amountPaid: state.amountPaid + event.data.amount,
        payments: [...state.payments, event.data.paymentId],
      };
    case 'InvoicePaymentRejected':
      return { ...state, rejectedPayments: [...state.rejectedPayments, event.data.paymentId] };
    case 'InvoicePaid':
      return { ...state, status: 'paid' };
    case 'InvoiceNotified':
      return { ...state, notified: [...state.notified, event.data.medium] };
    default:
      return assertUnreachable(event);
  }
}

export const invoiceAmount = (invoice: ExistingInvoice): number =>
  invoiceTotals(invoice.terms.lines).netAmount;
export const amountDue = (invoice: ExistingInvoice): number =>
  invoiceAmount(invoice) - invoice.amountPaid;

function existing(state: Invoice): ExistingInvoice {
  if (state.status === 'new' || state.status === 'deleted') throw new NotFound();
  return state;
}

function checkTerms(terms: InvoiceTerms, now: number): void {
  if (terms.lines.length > MAX_LINE_ITEMS)
    throw new ValidationFailed(
      `An invoice may have at most ${MAX_LINE_ITEMS} line items.`,
      'line_items',
    );
  const foreign = terms.lines.findIndex((line) => line.currency !== terms.currency);
  if (foreign >= 0)
    throw new ValidationFailed(
      `The line_items[${foreign}] is in ${terms.lines[foreign].currency}, not the invoice currency ${terms.currency}.`,
      `line_items[${foreign}]`,
    );
  if (terms.expireBy !== null && terms.expireBy <= now)
    throw new ValidationFailed('The expire_by must be in the future.', 'expire_by');
}

/** What issuing needs beyond valid terms: something to pay, at least ₹1, and who pays (for an invoice; a subscription's invoice is paid by whoever authorized it). */
function checkIssuable(terms: InvoiceTerms, now: number): void {
  checkTerms(terms, now);
  if (terms.lines.length === 0)
    throw new ValidationFailed(
      'An invoice needs at least one line item to be issued.',
      'line_items',
    );
  const amount = invoiceTotals(terms.lines).netAmount;
  if (amount < MIN_INVOICE_AMOUNT)
    throw new ValidationFailed(
      `The invoice amount must be at least ${MIN_INVOICE_AMOUNT} (it is ${amount}).`,
      'line_items',
    );
  if (terms.type === 'invoice' && terms.customer === null && terms.subscriptionId === null)
    throw new ValidationFailed(
      'The customer_id or customer is required to issue an invoice.',
      'customer_id',
    );
}

const describe = (invoice: ExistingInvoice) => invoice.status.replace('_', ' ');
/** "A paid invoice", "An expired invoice". */
const anInvoice = (invoice: ExistingInvoice) =>
  `${/^[aeiou]/.test(invoice.status) ? 'An' : 'A'} ${describe(invoice)} invoice`;

export function create(command: CreateInvoice, state: Invoice): InvoiceEvent[] {
  if (state.status !== 'new') throw new AlreadyExists('The invoice already exists.');
  const { invoiceId, terms, issueWith } = command.data;
  const now = command.metadata.now;
  if (issueWith) checkIssuable(terms, now);
  else checkTerms(terms, now);
  const created: InvoiceEvent = {
    type: 'InvoiceCreated',
    data: { invoiceId, terms, createdAt: now },
  };
  return issueWith
    ? [created, { type: 'InvoiceIssued', data: { orderId: issueWith.orderId, at: now } }]
    : [created];
}

/** Drafts change freely; issued ones only EDITABLE_WHEN_ISSUED; settled ones not at all. Records only real changes. */
export function edit(command: EditInvoice, state: Invoice): InvoiceEvent[] {
  const invoice = existing(state);
  const changes = Object.fromEntries(
    Object.entries(command.data.changes).filter(
      ([key, value]) =>
        value !== undefined &&
        JSON.stringify(invoice.terms[key as keyof InvoiceTerms]) !== JSON.stringify(value),
    ),
  ) as Partial<InvoiceTerms>;
  if (invoice.status === 'paid' || invoice.status === 'cancelled' || invoice.status === 'expired')
    throw new IllegalTransition(`${anInvoice(invoice)} cannot be edited.`);
  if (invoice.status !== 'draft') {
    const fixed = (Object.keys(changes) as (keyof InvoiceTerms)[]).find(
      (key) => !(EDITABLE_WHEN_ISSUED as readonly string[]).includes(key),
    );
    if (fixed)
      throw new ValidationFailed(
        `The ${apiName(fixed)} cannot be changed once the invoice is issued: only notes, description, expire_by, sms_notify and email_notify can.`,
        apiName(fixed),
      );
  }
  if (Object.keys(changes).length === 0) return [];
  checkTerms({ ...invoice.terms, ...changes }, command.metadata.now);
  return [{ type: 'InvoiceEdited', data: { changes, at: command.metadata.now } }];
}

export function issue(command: IssueInvoice, state: Invoice): InvoiceEvent {
  const invoice = existing(state);
  if (invoice.status !== 'draft')
    throw new IllegalTransition(
      `Only a draft invoice can be issued; this one is ${describe(invoice)}.`,
    );
  checkIssuable(invoice.terms, command.metadata.now);
  return {
    type: 'InvoiceIssued',
    data: { orderId: command.data.orderId, at: command.metadata.now },
  };
}

export function remove(command: DeleteInvoice, state: Invoice): InvoiceEvent {
  const invoice = existing(state);
  if (invoice.status !== 'draft')
    throw new IllegalTransition(
      `Only a draft invoice can be deleted; this one is ${describe(invoice)}.`,
    );
  return { type: 'InvoiceDeleted', data: { at: command.metadata.now } };
}

export function cancel(command: CancelInvoice, state: Invoice): InvoiceEvent {
  const invoice = existing(state);
  if (invoice.status !== 'issued')
    throw new IllegalTransition(
      `Only an issued invoice can be cancelled; this one is ${describe(invoice)}.`,
    );
  return { type: 'InvoiceCancelled', data: { at: command.metadata.now } };
}

/** Unpaid at its deadline: expired. A timer for a deadline since moved, or a settled invoice, changes nothing. */
export function expire(command: ExpireInvoice, state: Invoice): InvoiceEvent[] {
  if (state.status !== 'issued' && state.status !== 'partially_paid') return [];
  const { expireBy } = state.terms;
  if (expireBy === null || expireBy !== command.data.expireBy || command.metadata.now < expireBy)
    return [];
  return [{ type: 'InvoiceExpired', data: { at: command.metadata.now } }];
}

/**
 * Each payment counts once, however often it is reported. Only an issued or partly paid invoice takes
 * payments; a captured payment that arrives when the invoice can no longer take it (cancelled,
 * expired or paid meanwhile, or more than is due) is rejected, once, and payments refunds it.
 */
export function recordPayment(command: RecordInvoicePayment, state: Invoice): InvoiceEvent[] {
  const invoice = existing(state);
  const { paymentId, amount } = command.data;
  if (invoice.payments.includes(paymentId) || invoice.rejectedPayments.includes(paymentId))
    return [];
  if (invoice.status === 'draft')
    throw new IllegalTransition(`${anInvoice(invoice)} cannot be paid.`);
  const due = amountDue(invoice);
  const reason = rejectionOf(invoice, amount);
  if (reason)
    return [
      {
        type: 'InvoicePaymentRejected',
        data: { paymentId, amount, reason, at: command.metadata.now },
      },
    ];
  const recorded: InvoiceEvent = {
    type: 'InvoicePaymentRecorded',
    data: { paymentId, amount, at: command.metadata.now },
  };
  return amount === due
    ? [recorded, { type: 'InvoicePaid', data: { paymentId, at: command.metadata.now } }]
    : [recorded];
}

/** Why an invoice past draft cannot take this payment, or null. */
function rejectionOf(
  invoice: ExistingInvoice,
  amount: number,
): InvoicePaymentRejectionReason | null {
  if (invoice.status === 'cancelled' || invoice.status === 'expired' || invoice.status === 'paid')
    return `invoice_${invoice.status}`;
  return amount > amountDue(invoice) ? 'exceeds_amount_due' : null;
}

export function recordNotification(command: RecordNotification, state: Invoice): InvoiceEvent {
  const invoice = existing(state);
  if (invoice.status === 'draft')
    throw new IllegalTransition('A draft invoice cannot be sent: issue it first.');
  if (invoice.status === 'cancelled' || invoice.status === 'expired')
    throw new IllegalTransition(`${anInvoice(invoice)} cannot be sent.`);
  return {
    type: 'InvoiceNotified',
    data: { medium: command.data.medium, at: command.metadata.now },
  };
}

export function decide(command: InvoiceCommand, state: Invoice): InvoiceEvent | InvoiceEvent[] {
  switch (command.type) {
    case 'CreateInvoice':
      return create(command, state);
    case 'EditInvoice':
      return edit(command, state);
    case 'IssueInvoice':
      return issue(command, state);
    case 'DeleteInvoice':
      return remove(command, state);
    case 'CancelInvoice':
      return cancel(command, state);
    case 'ExpireInvoice':
      return expire(command, state);
    case 'RecordInvoicePayment':
      return recordPayment(command, state);
    case 'RecordNotification':
      return recordNotification(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const invoiceDecider = { decide, evolve, initialState };
export const invoiceKind = { streamType: INVOICE_STREAM, decider: invoiceDecider };

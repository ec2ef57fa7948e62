import { assertUnreachable } from '@platform/domain-kit';
import { cancel } from './decide/cancel-invoice';
import { create } from './decide/create-invoice';
import { remove } from './decide/delete-invoice';
import { edit } from './decide/edit-invoice';
import { expire } from './decide/expire-invoice';
import { identifyCustomer } from './decide/identify-customer';
import { issue } from './decide/issue-invoice';
import { recordPayment } from './decide/record-invoice-payment';
import { recordNotification } from './decide/record-notification';
import type { InvoiceCommand } from './invoice.commands';
import type { InvoiceEvent } from './invoice.events';
import type { Invoice } from './invoice.state';

export const INVOICE_STREAM = 'invoice';

export type { Invoice, InvoiceStatus } from './invoice.state';

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
    case 'InvoiceCustomerIdentified':
      return { ...state, terms: { ...state.terms, customer: event.data.customer } };
    default:
      return assertUnreachable(event);
  }
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
    case 'IdentifyInvoiceCustomer':
      return identifyCustomer(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const invoiceDecider = { decide, evolve, initialState };
export const invoiceKind = { streamType: INVOICE_STREAM, decider: invoiceDecider };

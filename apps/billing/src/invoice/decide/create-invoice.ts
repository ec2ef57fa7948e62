import { AlreadyExists } from '@platform/domain-kit';
import type { CreateInvoice } from '../invoice.commands';
import type { Invoice } from '../invoice.state';
import type { InvoiceEvent } from '../invoice.events';
import { checkIssuable, checkTerms } from './check-terms';

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

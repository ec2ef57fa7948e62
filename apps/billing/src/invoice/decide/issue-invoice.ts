import { IllegalTransition } from '@platform/domain-kit';
import type { IssueInvoice } from '../invoice.commands';
import type { Invoice } from '../invoice.state';
import type { InvoiceEvent } from '../invoice.events';
import { checkIssuable } from './check-terms';
import { describe, existing } from './guards';

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

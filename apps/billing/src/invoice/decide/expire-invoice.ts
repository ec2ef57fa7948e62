import type { ExpireInvoice } from '../invoice.commands';
import type { Invoice } from '../invoice.state';
import type { InvoiceEvent } from '../invoice.events';

/** Unpaid at its deadline: expired. A timer for a deadline since moved, or a settled invoice, changes nothing. */
export function expire(command: ExpireInvoice, state: Invoice): InvoiceEvent[] {
  if (state.status !== 'issued' && state.status !== 'partially_paid') return [];
  const { expireBy } = state.terms;
  if (expireBy === null || expireBy !== command.data.expireBy || command.metadata.now < expireBy)
    return [];
  return [{ type: 'InvoiceExpired', data: { at: command.metadata.now } }];
}

import { NotFound } from '@platform/domain-kit';
import type { ExistingInvoice, Invoice } from '../invoice.state';

/** Every command but CreateInvoice needs an invoice that exists (a deleted one does not). */
export function existing(state: Invoice): ExistingInvoice {
  if (state.status === 'new' || state.status === 'deleted') throw new NotFound();
  return state;
}

export const describe = (invoice: ExistingInvoice) => invoice.status.replace('_', ' ');
/** "A paid invoice", "An expired invoice". */
export const anInvoice = (invoice: ExistingInvoice) =>
  `${/^[aeiou]/.test(invoice.status) ? 'An' : 'A'} ${describe(invoice)} invoice`;

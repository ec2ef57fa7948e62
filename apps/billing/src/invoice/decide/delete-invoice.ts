import { IllegalTransition } from '@platform/domain-kit';
import type { DeleteInvoice } from '../invoice.commands';
import type { Invoice } from '../invoice.state';
import type { InvoiceEvent } from '../invoice.events';
import { describe, existing } from './guards';

export function remove(command: DeleteInvoice, state: Invoice): InvoiceEvent {
  const invoice = existing(state);
  if (invoice.status !== 'draft')
    throw new IllegalTransition(
      `Only a draft invoice can be deleted; this one is ${describe(invoice)}.`,
    );
  return { type: 'InvoiceDeleted', data: { at: command.metadata.now } };
}

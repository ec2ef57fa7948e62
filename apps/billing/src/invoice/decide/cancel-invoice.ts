import { IllegalTransition } from '@platform/domain-kit';
import type { CancelInvoice } from '../invoice.commands';
import type { Invoice } from '../invoice.state';
import type { InvoiceEvent } from '../invoice.events';
import { describe, existing } from './guards';

export function cancel(command: CancelInvoice, state: Invoice): InvoiceEvent {
  const invoice = existing(state);
  if (invoice.status !== 'issued')
    throw new IllegalTransition(
      `Only an issued invoice can be cancelled; this one is ${describe(invoice)}.`,
    );
  return { type: 'InvoiceCancelled', data: { at: command.metadata.now } };
}

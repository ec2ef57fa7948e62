import { IllegalTransition } from '@platform/domain-kit';
import type { RecordNotification } from '../invoice.commands';
import type { Invoice } from '../invoice.state';
import type { InvoiceEvent } from '../invoice.events';
import { anInvoice, existing } from './guards';

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

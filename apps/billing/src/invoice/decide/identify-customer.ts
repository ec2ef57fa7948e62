import { IllegalTransition } from '@platform/domain-kit';
import type { IdentifyInvoiceCustomer } from '../invoice.commands';
import type { Invoice } from '../invoice.state';
import type { InvoiceEvent } from '../invoice.events';
import { existing } from './guards';

/**
 * A subscription's authorization invoice is made before anyone pays it: its customer is known once
 * the authorization payment is captured, and named then. An invoice that names its customer already
 * keeps it.
 */
export function identifyCustomer(command: IdentifyInvoiceCustomer, state: Invoice): InvoiceEvent[] {
  const invoice = existing(state);
  if (invoice.terms.subscriptionId === null)
    throw new IllegalTransition(
      "Only a subscription's invoice is named its customer by its payment.",
    );
  if (invoice.terms.customer?.id) return [];
  return [
    {
      type: 'InvoiceCustomerIdentified',
      data: { customer: command.data.customer, at: command.metadata.now },
    },
  ];
}

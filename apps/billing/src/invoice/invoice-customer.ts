import type { InvoiceCustomer } from './invoice.events';

/** A billing customer as an invoice copies it: its id and details, no addresses (customers keep none here). */
export function invoiceCustomerOf(
  customerId: string,
  details: Pick<InvoiceCustomer, 'name' | 'email' | 'contact' | 'gstin'>,
): InvoiceCustomer {
  return {
    id: customerId,
    name: details.name,
    email: details.email,
    contact: details.contact,
    gstin: details.gstin,
    billingAddress: null,
    shippingAddress: null,
  };
}

import type { InvoiceCustomer, InvoiceLine, InvoiceTerms } from './invoice.events';

/** Invoices as the invoice specs meet them: the clock, the ids and the terms they start from. */
export const NOW = 1_700_000_000_000;
export const LATER = NOW + 60_000;
export const ORDER_ID = 'order_AbCdEfGhIjKlMn';

/** One untaxed line of 100,000. */
export const LINE: InvoiceLine = {
  id: 'li_AbCdEfGhIjKlMn',
  itemId: null,
  type: 'invoice',
  name: 'Annual plan',
  description: null,
  unitAmount: 100_000,
  currency: 'INR',
  quantity: 1,
  taxRateBasisPoints: null,
  taxInclusive: false,
  hsnCode: null,
  sacCode: null,
  unit: null,
};

/** Gaurav Kumar, with an email and nothing else. */
export const CUSTOMER: InvoiceCustomer = {
  id: 'cust_AbCdEfGhIjKlMn',
  name: 'Gaurav Kumar',
  email: 'gaurav.kumar@example.com',
  contact: null,
  gstin: null,
  billingAddress: null,
  shippingAddress: null,
};

/** An invoice of LINE that may be paid in parts, for no one yet. */
export const TERMS: InvoiceTerms = {
  type: 'invoice',
  customer: null,
  lines: [LINE],
  currency: 'INR',
  description: null,
  expireBy: null,
  partialPayment: true,
  smsNotify: false,
  emailNotify: false,
  receipt: null,
  notes: {},
  date: null,
  subscriptionId: null,
  billingStart: null,
  billingEnd: null,
};

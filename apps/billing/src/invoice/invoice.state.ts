import type { InvoiceTerms, NotificationMedium } from './invoice.events';

/** The invoice's state: apart from the decider so that decide/* and the decider never import each other. */
export type InvoiceStatus =
  'draft' | 'issued' | 'partially_paid' | 'paid' | 'cancelled' | 'expired' | 'deleted';

export interface ExistingInvoice {
  status: InvoiceStatus;
  terms: InvoiceTerms;
  orderId: string | null;
  amountPaid: number;
  payments: readonly string[];
  /** Payments rejected (payments refunds them): a repeat rejects nothing again. */
  rejectedPayments: readonly string[];
  notified: readonly NotificationMedium[];
}

export type Invoice = { status: 'new' } | ExistingInvoice;

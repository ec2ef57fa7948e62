import type { Command } from '@platform/domain-kit';
import type { InvoiceTerms, NotificationMedium } from './invoice.events';

/** `issueWith`: issue at once, with this order id for the payments service to open (else a draft). */
export type CreateInvoice = Command<
  'CreateInvoice',
  { invoiceId: string; terms: InvoiceTerms; issueWith: { orderId: string } | null }
>;
export type EditInvoice = Command<'EditInvoice', { changes: Partial<InvoiceTerms> }>;
export type IssueInvoice = Command<'IssueInvoice', { orderId: string }>;
export type DeleteInvoice = Command<'DeleteInvoice', Record<string, never>>;
export type CancelInvoice = Command<'CancelInvoice', Record<string, never>>;
/** Run by a timer at `expireBy`; a timer for a deadline since changed does nothing. */
export type ExpireInvoice = Command<'ExpireInvoice', { expireBy: number }>;
/** A payment on the invoice's order was captured (reported by the payments service). */
export type RecordInvoicePayment = Command<
  'RecordInvoicePayment',
  { paymentId: string; amount: number }
>;
export type RecordNotification = Command<'RecordNotification', { medium: NotificationMedium }>;

export type InvoiceCommand =
  | CreateInvoice
  | EditInvoice
  | IssueInvoice
  | DeleteInvoice
  | CancelInvoice
  | ExpireInvoice
  | RecordInvoicePayment
  | RecordNotification;

import type { Command } from '@platform/domain-kit';
import type {
  InvoiceCustomer,
  InvoiceLine,
  InvoiceTerms,
  NotificationMedium,
} from './invoice.events';

/** `issueWith`: issue at once, with this order id for the payments service to open (else a draft). */
export type CreateInvoice = Command<
  'CreateInvoice',
  { invoiceId: string; terms: InvoiceTerms; issueWith: { orderId: string } | null }
>;
/** The fields sent for a line named by id: each replaces that field of the line, the others stay. */
export type LineChange = Partial<Omit<InvoiceLine, 'id' | 'type'>>;
/** One of a PATCH's line_items, in request order: a change to the line `lineId`, or a new line. */
export type LineEdit =
  { kind: 'change'; lineId: string; fields: LineChange } | { kind: 'add'; line: InvoiceLine };
/** `changes`: the fields sent, with their new values; `lineEdits`: the line_items sent, if any. */
export type EditInvoice = Command<
  'EditInvoice',
  { changes: Partial<Omit<InvoiceTerms, 'lines'>>; lineEdits?: readonly LineEdit[] }
>;
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
/** The customer who paid a subscription's authorization invoice (see identifyCustomer). */
export type IdentifyInvoiceCustomer = Command<
  'IdentifyInvoiceCustomer',
  { customer: InvoiceCustomer }
>;

export type InvoiceCommand =
  | CreateInvoice
  | EditInvoice
  | IssueInvoice
  | DeleteInvoice
  | CancelInvoice
  | ExpireInvoice
  | RecordInvoicePayment
  | RecordNotification
  | IdentifyInvoiceCustomer;

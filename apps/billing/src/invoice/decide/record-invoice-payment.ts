import { IllegalTransition } from '@platform/domain-kit';
import { invoiceTotals } from '../invoice-amounts';
import type { RecordInvoicePayment } from '../invoice.commands';
import type { ExistingInvoice, Invoice } from '../invoice.state';
import type { InvoiceEvent, InvoicePaymentRejectionReason } from '../invoice.events';
import { anInvoice, existing } from './guards';

/**
 * Each payment counts once, however often it is reported. Only an issued or partly paid invoice takes
 * payments; a captured payment that arrives when the invoice can no longer take it (cancelled,
 * expired or paid meanwhile, or more than is due) is rejected, once, and payments refunds it.
 */
export function recordPayment(command: RecordInvoicePayment, state: Invoice): InvoiceEvent[] {
  const invoice = existing(state);
  const { paymentId, amount } = command.data;
  if (invoice.payments.includes(paymentId) || invoice.rejectedPayments.includes(paymentId))
    return [];
  if (invoice.status === 'draft')
    throw new IllegalTransition(`${anInvoice(invoice)} cannot be paid.`);
  const due = amountDue(invoice);
  const reason = rejectionOf(invoice, amount);
  if (reason)
    return [
      {
        type: 'InvoicePaymentRejected',
        data: { paymentId, amount, reason, at: command.metadata.now },
      },
    ];
  const recorded: InvoiceEvent = {
    type: 'InvoicePaymentRecorded',
    data: { paymentId, amount, at: command.metadata.now },
  };
  return amount === due
    ? [recorded, { type: 'InvoicePaid', data: { paymentId, at: command.metadata.now } }]
    : [recorded];
}

/** Why an invoice past draft cannot take this payment, or null. */
function rejectionOf(
  invoice: ExistingInvoice,
  amount: number,
): InvoicePaymentRejectionReason | null {
  if (invoice.status === 'cancelled' || invoice.status === 'expired' || invoice.status === 'paid')
    return `invoice_${invoice.status}`;
  return amount > amountDue(invoice) ? 'exceeds_amount_due' : null;
}

const invoiceAmount = (invoice: ExistingInvoice): number =>
  invoiceTotals(invoice.terms.lines).netAmount;
const amountDue = (invoice: ExistingInvoice): number => invoiceAmount(invoice) - invoice.amountPaid;

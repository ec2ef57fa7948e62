import { documentTotals, lineAmounts } from '@platform/domain-kit';
import type { DocumentTotals, LineAmounts } from '@platform/domain-kit';
import type { InvoiceLine } from './invoice.events';

/** Razorpay's smallest payable invoice: ₹1, the least an order may be. */
export const MIN_INVOICE_AMOUNT = 100;
export const MAX_LINE_ITEMS = 50;

export function invoiceLineAmounts(line: InvoiceLine): LineAmounts {
  return lineAmounts({
    unitAmount: line.unitAmount,
    quantity: line.quantity,
    taxRateBasisPoints: line.taxRateBasisPoints,
    taxInclusive: line.taxInclusive,
  });
}

/** gross, taxable, tax and `amount` (what the customer pays: taxable + tax) of the lines. */
export function invoiceTotals(lines: readonly InvoiceLine[]): DocumentTotals {
  return documentTotals(lines.map(invoiceLineAmounts));
}

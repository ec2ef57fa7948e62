import { ValidationFailed } from '@platform/domain-kit';
import { invoiceTotals, MAX_LINE_ITEMS, MIN_INVOICE_AMOUNT } from '../invoice-amounts';
import type { InvoiceTerms } from '../invoice.events';

/** What any invoice's terms must hold: few enough lines, one currency, a deadline in the future. */
export function checkTerms(terms: InvoiceTerms, now: number): void {
  if (terms.lines.length > MAX_LINE_ITEMS)
    throw new ValidationFailed(
      `An invoice may have at most ${MAX_LINE_ITEMS} line items.`,
      'line_items',
    );
  const foreign = terms.lines.findIndex((line) => line.currency !== terms.currency);
  if (foreign >= 0)
    throw new ValidationFailed(
      `The line_items[${foreign}] is in ${terms.lines[foreign].currency}, not the invoice currency ${terms.currency}.`,
      `line_items[${foreign}]`,
    );
  if (terms.expireBy !== null && terms.expireBy <= now)
    throw new ValidationFailed('The expire_by must be in the future.', 'expire_by');
}

/** What issuing needs beyond valid terms: something to pay, at least ₹1, and who pays (for an invoice; a subscription's invoice is paid by whoever authorized it). */
export function checkIssuable(terms: InvoiceTerms, now: number): void {
  checkTerms(terms, now);
  if (terms.lines.length === 0)
    throw new ValidationFailed(
      'An invoice needs at least one line item to be issued.',
      'line_items',
    );
  const amount = invoiceTotals(terms.lines).netAmount;
  if (amount < MIN_INVOICE_AMOUNT)
    throw new ValidationFailed(
      `The invoice amount must be at least ${MIN_INVOICE_AMOUNT} (it is ${amount}).`,
      'line_items',
    );
  if (terms.type === 'invoice' && terms.customer === null && terms.subscriptionId === null)
    throw new ValidationFailed(
      'The customer_id or customer is required to issue an invoice.',
      'customer_id',
    );
}

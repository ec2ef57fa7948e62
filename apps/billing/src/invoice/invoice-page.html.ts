import type { InvoiceEntity } from '@platform/contracts';
import { formatAmount } from '@platform/notification';
import {
  escapeHtml,
  formatTime,
  htmlPage,
  paySection,
  paymentsTable,
} from '@platform/customer-pages';
import type { PagePayment } from '@platform/customer-pages';

const STATUS_LABELS: Record<InvoiceEntity['status'], string> = {
  draft: 'Draft',
  issued: 'Due',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
  expired: 'Expired',
  deleted: 'Deleted',
};

/** A captured payment the invoice counted: what its page lists. */
export type InvoicePagePayment = PagePayment;

/** Each payment is at least this much (or all that is due) on an invoice that takes partial payments. */
const LEAST_PART = 100;

/**
 * The page behind an invoice's `short_url`: what is billed, the totals and what is still due, the
 * payments it counted, and while something can be paid (issued or partially paid) the button that
 * pays it through Checkout. Every value HTML-escaped.
 */
export function renderInvoicePage(
  invoice: InvoiceEntity,
  payments: readonly InvoicePagePayment[] = [],
): string {
  const money = (minor: number) => escapeHtml(formatAmount(minor, invoice.currency));
  const lines = invoice.line_items
    .map((line) => {
      const tax =
        line.tax_rate === null
          ? '—'
          : `${money(line.tax_amount)} (${line.tax_rate}%${line.tax_inclusive ? ', included' : ''})`;
      return `<tr><td>${escapeHtml(line.name)}${line.description ? `<div class="muted">${escapeHtml(line.description)}</div>` : ''}</td><td class="num">${line.quantity}</td><td class="num">${money(line.unit_amount)}</td><td class="num">${tax}</td><td class="num">${money(line.net_amount)}</td></tr>`;
    })
    .join('\n');
  const c = invoice.customer_details;
  const customer = [c.name, c.contact, c.email]
    .filter((part): part is string => part !== null)
    .map(escapeHtml)
    .join('<br>');
  const title =
    invoice.type === 'link' ? 'Payment link' : `Invoice ${invoice.invoice_number ?? invoice.id}`;
  const payable = invoice.status === 'issued' || invoice.status === 'partially_paid';
  return htmlPage(
    `${title}`,
    `<h1>${escapeHtml(title)}</h1>
<p>${invoice.issued_at === null ? '' : `Issued ${escapeHtml(formatTime(invoice.issued_at))}`}${invoice.expire_by === null ? '' : `<br>Pay by ${escapeHtml(formatTime(invoice.expire_by))}`}</p>
${invoice.description ? `<p>${escapeHtml(invoice.description)}</p>` : ''}
${customer ? `<h2>Billed to</h2>\n<p>${customer}</p>` : ''}
<table>
<thead><tr><th>Item</th><th class="num">Quantity</th><th class="num">Unit price</th><th class="num">Tax</th><th class="num">Total</th></tr></thead>
<tbody>
${lines}
</tbody>
</table>
<table>
<tr><td>Taxable amount</td><td class="num">${money(invoice.taxable_amount)}</td></tr>
<tr><td>Tax</td><td class="num">${money(invoice.tax_amount)}</td></tr>
<tr class="total"><td>Amount</td><td class="num">${money(invoice.amount)}</td></tr>
<tr><td>Paid</td><td class="num">${money(invoice.amount_paid)}</td></tr>
<tr class="total"><td>Due</td><td class="num">${money(invoice.amount_due)}</td></tr>
</table>
<p>Status: <strong>${escapeHtml(STATUS_LABELS[invoice.status])}</strong></p>
${standing(invoice, money)}
${paymentsTable(payments, money)}
${
  payable
    ? paySection({
        entityId: invoice.id,
        kind: 'invoice',
        currency: invoice.currency,
        amountDue: invoice.amount_due,
        partial: invoice.partial_payment,
        minAmount: invoice.partial_payment
          ? Math.min(LEAST_PART, invoice.amount_due)
          : invoice.amount_due,
        name: title,
        action: 'Pay',
      })
    : ''
}`,
  );
}

/** What the customer paid so far, in words. */
function standing(invoice: InvoiceEntity, money: (minor: number) => string): string {
  if (invoice.status === 'paid')
    return `<p>Paid in full${invoice.paid_at === null ? '' : ` on ${escapeHtml(formatTime(invoice.paid_at))}`}. Thank you.</p>`;
  if (invoice.status === 'partially_paid')
    return `<p>${money(invoice.amount_paid)} of ${money(invoice.amount)} paid; ${money(invoice.amount_due)} is still due.</p>`;
  return '';
}

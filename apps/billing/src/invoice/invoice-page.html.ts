import type { InvoiceEntity } from '@platform/contracts';
import { formatAmount } from '@platform/notification';
import { escapeHtml, formatTime, htmlPage } from '../pages/page-format';

const STATUS_LABELS: Record<InvoiceEntity['status'], string> = {
  draft: 'Draft',
  issued: 'Due',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
  expired: 'Expired',
  deleted: 'Deleted',
};

/** The page behind an invoice's `short_url`: what is billed, the totals and what is still due. Every value HTML-escaped. */
export function renderInvoicePage(invoice: InvoiceEntity): string {
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
<p>Status: <strong>${escapeHtml(STATUS_LABELS[invoice.status])}</strong></p>`,
  );
}

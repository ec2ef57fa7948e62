import { formatAmount } from '@platform/notification';
import { escapeHtml, formatTime, htmlPage } from '@platform/customer-pages';
import type { BillDetailsRow } from './bill-details/bill-details.entity';
import { paymentSummary } from './dtos/bill.response';

/** The receipt page: self-contained (inline style, no script, no external resource), every value HTML-escaped. */
export function renderReceiptPage(bill: BillDetailsRow): string {
  const money = (minor: number) => escapeHtml(formatAmount(minor, bill.currency));
  const payment = paymentSummary(bill.summary, bill.payments);
  const lines = bill.lineItems
    .map((line) => {
      const detail = [line.description, line.hsnCode === null ? null : `HSN ${line.hsnCode}`]
        .filter((part) => part !== null)
        .join(' · ');
      const tax =
        line.taxRate === null
          ? '—'
          : `${money(line.taxAmount)} (${line.taxRate}%${line.taxInclusive ? ', included' : ''})`;
      return `<tr><td>${escapeHtml(line.name)}${detail ? `<div class="muted">${escapeHtml(detail)}</div>` : ''}</td><td class="num">${line.quantity}${line.unit === null ? '' : ` ${escapeHtml(line.unit)}`}</td><td class="num">${money(line.unitAmount)}</td><td class="num">${tax}</td><td class="num">${money(line.netAmount)}</td></tr>`;
    })
    .join('\n');
  const customer = [bill.customer.name, bill.customer.contact, bill.customer.email]
    .filter((part): part is string => part !== null)
    .map(escapeHtml)
    .join('<br>');
  const payments = bill.payments
    .map(
      (p) =>
        `<li>${escapeHtml(p.method)}: ${money(p.amount)}${p.reference === null ? '' : ` (${escapeHtml(p.reference)})`}</li>`,
    )
    .join('');
  return htmlPage(
    `Receipt ${bill.receiptNumber}`,
    `<h1>${escapeHtml(RECEIPT_TYPE_LABELS[bill.receiptType] ?? 'Receipt')}</h1>
<p>Receipt number <strong>${escapeHtml(bill.receiptNumber)}</strong><br>${escapeHtml(formatTime(bill.receiptTimestamp))}</p>
<h2>Customer</h2>
<p>${customer}</p>
<table>
<thead><tr><th>Item</th><th class="num">Quantity</th><th class="num">Unit price</th><th class="num">Tax</th><th class="num">Total</th></tr></thead>
<tbody>
${lines}
</tbody>
</table>
<table>
<tr><td>Total quantity</td><td class="num">${bill.summary.totalQuantity}</td></tr>
<tr><td>Sub-total</td><td class="num">${money(bill.summary.subTotalAmount)}</td></tr>
<tr><td>Tax</td><td class="num">${money(bill.summary.taxAmount)}</td></tr>
<tr class="total"><td>Net payable</td><td class="num">${money(bill.summary.netPayableAmount)}</td></tr>
<tr><td>Paid</td><td class="num">${money(payment.amount_paid)}</td></tr>
<tr><td>Due</td><td class="num">${money(payment.amount_due)}</td></tr>
</table>
<p>Payment status: <strong>${escapeHtml(PAYMENT_STATUS_LABELS[payment.payment_status])}</strong></p>
${payments ? `<ul>${payments}</ul>` : ''}`,
  );
}

const RECEIPT_TYPE_LABELS: Record<string, string> = {
  tax_invoice: 'Tax invoice',
  sales_invoice: 'Sales invoice',
  credit_note: 'Credit note',
};
const PAYMENT_STATUS_LABELS = {
  paid: 'Paid',
  partially_paid: 'Partially paid',
  unpaid: 'Unpaid',
} as const;

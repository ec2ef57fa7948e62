import { escapeHtml, formatTime } from './page-format';

/** A payment a page lists: an invoice's or a payment link's, counted when it was captured. */
export interface PagePayment {
  id: string;
  amount: number;
  /** Unix seconds. */
  at: number;
}

/**
 * The "Payments" table of a customer page (when, which payment, how much), or nothing when there
 * are none; `money` renders an amount in minor units, already escaped.
 */
export function paymentsTable(
  payments: readonly PagePayment[],
  money: (minor: number) => string,
): string {
  if (payments.length === 0) return '';
  const rows = payments
    .map(
      (payment) =>
        `<tr><td>${escapeHtml(formatTime(payment.at))}</td><td>${escapeHtml(payment.id)}</td><td class="num">${money(payment.amount)}</td></tr>`,
    )
    .join('\n');
  return `<h2>Payments</h2>
<table>
<thead><tr><th>Paid</th><th>Payment</th><th class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

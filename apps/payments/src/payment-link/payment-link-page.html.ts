import {
  escapeHtml,
  formatTime,
  htmlPage,
  paySection,
  paymentsTable,
} from '@platform/customer-pages';
import type { PagePayment } from '@platform/customer-pages';
import { formatAmount } from '@platform/notification';
import type { PaymentLinkDetailsRow } from './payment-link-details/payment-link-details.entity';

const STATUS_LABELS: Record<PaymentLinkDetailsRow['status'], string> = {
  created: 'Due',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** Why a link takes no payment, in the customer's words; a link that takes one has none. */
const CLOSED: Partial<Record<PaymentLinkDetailsRow['status'], string>> = {
  paid: 'This payment link is paid in full. Thank you.',
  cancelled: 'This payment link was cancelled by the merchant: it takes no payment.',
  expired: 'This payment link has expired: it takes no payment.',
};

/** Razorpay's smallest payment: each part is at least this much, or all that is due. */
const LEAST_PART = 100;

/**
 * The page behind a payment link's `short_url`: what it asks for, what is paid and due, the payments
 * it counted, and while it takes payments (created or partially paid) the button that pays it
 * through Checkout, with an amount field when it accepts partial payments (the first at least
 * `first_min_partial_amount`). A paid, cancelled or expired link says so. Every value HTML-escaped.
 */
export function renderPaymentLinkPage(link: PaymentLinkDetailsRow): string {
  const money = (minor: number) => escapeHtml(formatAmount(minor, link.currency));
  const due = link.amount - link.amountPaid;
  const closed = CLOSED[link.status];
  const title = link.description ?? 'Payment request';
  return htmlPage(
    title,
    `<h1>${escapeHtml(title)}</h1>
${link.customer.name ? `<p>For ${escapeHtml(link.customer.name)}</p>` : ''}
${link.expireBy === null || closed ? '' : `<p>Pay by ${escapeHtml(formatTime(link.expireBy))}</p>`}
<table>
<tr class="total"><td>Amount</td><td class="num">${money(link.amount)}</td></tr>
<tr><td>Paid</td><td class="num">${money(link.amountPaid)}</td></tr>
<tr class="total"><td>Due</td><td class="num">${money(due)}</td></tr>
</table>
<p>Status: <strong id="link-status">${escapeHtml(STATUS_LABELS[link.status])}</strong></p>
${closed ? `<p id="link-closed">${escapeHtml(closed)}</p>` : ''}
${paymentsTable(paymentsOf(link), money)}
${
  closed
    ? ''
    : paySection({
        entityId: link.id,
        kind: 'payment_link',
        currency: link.currency,
        amountDue: due,
        partial: link.acceptPartial,
        minAmount: link.acceptPartial ? leastPayment(link, due) : due,
        name: title,
        action: 'Pay',
      })
}`,
  );
}

/** The least a customer may pay now: the first payment's minimum, else Razorpay's; never above what is due. */
function leastPayment(link: PaymentLinkDetailsRow, due: number): number {
  const first = link.amountPaid === 0 ? (link.firstMinPartialAmount ?? 0) : 0;
  return Math.min(Math.max(first, LEAST_PART), due);
}

/** The link's captured payments, as the page's payments table lists them. */
function paymentsOf(link: PaymentLinkDetailsRow): PagePayment[] {
  return link.payments.map((payment) => ({
    id: payment.paymentId,
    amount: payment.amount,
    at: payment.capturedAt,
  }));
}

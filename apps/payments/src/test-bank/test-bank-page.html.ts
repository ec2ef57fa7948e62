import { escapeHtml, htmlPage } from '@platform/customer-pages';
import { NETBANKING_BANK_NAMES } from '@platform/contracts';
import type { PaymentDetailsRow } from '../payment/payment-details/payment-details.entity';
import { testBankUrl } from './test-bank';

/**
 * Headers of the test bank's pages: no script, forms only to itself. They are shown in a frame of the checkout
 * modal, which is itself framed by the merchant's page, and `frame-ancestors` is checked against every ancestor
 * up to the top: any origin may therefore frame them, as the modal.
 */
export const TEST_BANK_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors *",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Minor units as major units with 2 decimals, by integer arithmetic: 50000 INR is INR 500.00. */
function formatAmount(minor: number, currency: string): string {
  const cents = minor % 100;
  return `${currency} ${(minor - cents) / 100}.${String(cents).padStart(2, '0')}`;
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem;color:#222}
.mode{display:inline-block;background:#d64444;color:#fff;padding:.2rem .6rem;border-radius:4px;font-size:.8rem}
.amount{font-size:1.5rem;font-weight:bold}
input,button{font-size:1rem;padding:.5rem;margin:.3rem .3rem .3rem 0}
.muted{color:#666;font-size:.9em}`;

/** The bank's page: the customer pages' frame with the bank's own style and the test-mode label. */
function page(title: string, body: string): string {
  return htmlPage(title, `<p class="mode">Test Mode</p>\n${body}`, STYLE);
}

/** What is being paid: the amount and the merchant's description of it. */
function summary(payment: PaymentDetailsRow): string {
  const description = payment.description ? `<p>${escapeHtml(payment.description)}</p>\n` : '';
  return `${description}<p class="amount">${escapeHtml(formatAmount(payment.amount, payment.currency))}</p>`;
}

/** The challenge of a created payment: an OTP form for a card, Success and Failure for a bank or wallet. */
export function renderChallengePage(payment: PaymentDetailsRow): string {
  const action = escapeHtml(testBankUrl(payment.id));
  if (payment.method === 'card')
    return page(
      'Test bank: enter the OTP',
      `<h1>Test bank</h1>
${summary(payment)}
<p>Enter the OTP for the card ending ${escapeHtml(payment.card?.last4 ?? '')}.</p>
<p class="muted">Test mode: any OTP of 4 to 10 digits succeeds; fewer digits fail.</p>
<form method="post" action="${action}">
<label for="otp">OTP</label>
<input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit">Submit</button>
</form>`,
    );
  const payer =
    payment.method === 'netbanking'
      ? (NETBANKING_BANK_NAMES[payment.bank as keyof typeof NETBANKING_BANK_NAMES] ??
        payment.bank ??
        '')
      : (payment.wallet ?? '');
  return page(
    `Test bank: ${payer}`,
    `<h1>${escapeHtml(payer)}</h1>
${summary(payment)}
<p class="muted">Test mode: choose how the ${payment.method === 'netbanking' ? 'bank' : 'wallet'} answers.</p>
<form method="post" action="${action}">
<button type="submit" name="outcome" value="success">Success</button>
<button type="submit" name="outcome" value="failure">Failure</button>
</form>`,
  );
}

/** How the answer ended: the payment as it now is. */
export function renderOutcomePage(payment: PaymentDetailsRow): string {
  if (payment.status === 'failed')
    return page(
      'Payment failed',
      `<h1>Payment failed: ${escapeHtml(payment.error?.description ?? 'the payment failed.')}</h1>
${summary(payment)}`,
    );
  return page('Payment successful', `<h1>Payment successful</h1>\n${summary(payment)}`);
}

/** A payment that no longer waits for its customer: nothing to answer. */
export function renderNotWaitingPage(payment: PaymentDetailsRow): string {
  return page(
    'Nothing to answer',
    `<h1>This payment is not waiting for its bank: it is ${escapeHtml(payment.status)}.</h1>
${summary(payment)}`,
  );
}

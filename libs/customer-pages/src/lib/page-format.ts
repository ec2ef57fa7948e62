import { formatAmount } from '@platform/notification';

/** Formatting shared by the customer-facing pages (bill receipts, invoices, subscriptions, payment links) and messages. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/** Minor units as the major units a customer types, exactly (integer division): 50000 is `500.00`. */
export function majorUnits(minor: number): string {
  const cents = minor % 100;
  return `${(minor - cents) / 100}.${String(cents).padStart(2, '0')}`;
}

/** Unix seconds as India Standard Time (UTC+05:30, no daylight saving): `2025-01-15 16:00 IST`. */
export function formatTime(seconds: number): string {
  const date = new Date((seconds + 19_800) * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} IST`;
}

/**
 * Headers of a customer-facing page: never cached (it changes), self-contained (no script, no
 * external resource), never framed (no page of another site may dress it up or click through it),
 * and its unguessable address never sent on as a referrer.
 */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/**
 * Headers of a page that can be paid (an invoice's, a subscription's, a payment link's): never cached, and its scripts
 * only Checkout's, from the platform's own origin (checkout.js and the pay page's script), which call
 * it and frame its modal. Never framed itself.
 */
export const PAY_PAGE_HEADERS = {
  ...PAGE_HEADERS,
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
};

/** What a page's Pay button pays: read by Checkout's pay page script from the section's data. */
export interface PayButton {
  entityId: string;
  kind: 'invoice' | 'subscription' | 'payment_link';
  currency: string;
  /** Minor units: the most the customer may pay now. */
  amountDue: number;
  /** The customer chooses the amount (an invoice that takes partial payments), at least minAmount. */
  partial: boolean;
  minAmount: number;
  /** What the checkout shows the customer they pay for. */
  name: string;
  /** `Pay` or `Authorize`. */
  action: 'Pay' | 'Authorize';
}

/**
 * The `#pay` section and Checkout's two scripts: a button that opens Checkout (pay-page.js), with an
 * amount field when the customer chooses how much. Every value HTML-escaped.
 */
export function paySection(pay: PayButton): string {
  const data = {
    'entity-id': pay.entityId,
    kind: pay.kind,
    currency: pay.currency,
    'amount-due': String(pay.amountDue),
    partial: String(pay.partial),
    'min-amount': String(pay.minAmount),
    name: pay.name,
  };
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  const amount = pay.partial
    ? `<label for="pay-amount">Amount to pay</label> <input id="pay-amount" name="amount" inputmode="decimal" value="${escapeHtml(majorUnits(pay.amountDue))}">\n`
    : '';
  const label =
    pay.action === 'Pay'
      ? `Pay ${escapeHtml(formatAmount(pay.amountDue, pay.currency))}`
      : pay.action;
  return `<section id="pay"${attributes}>
${amount}<button id="pay-button" type="button">${label}</button>
<p id="pay-message" role="status"></p>
</section>
<script src="/v1/checkout.js"></script>
<script src="/v1/checkout/assets/pay-page.js"></script>`;
}

/** The pages' inline style sheet. */
const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#222}
table{width:100%;border-collapse:collapse;margin:1rem 0}
th,td{text-align:left;padding:.4rem;border-bottom:1px solid #ddd;vertical-align:top}
.num{text-align:right;white-space:nowrap}
.muted{color:#666;font-size:.85em}
.total td{font-weight:bold}`;

/**
 * A whole page: the shared head (charset, viewport, the inline style sheet: the customer pages' own
 * unless `style` gives another) around `body`. `title` is escaped here.
 */
export function htmlPage(title: string, body: string, style: string = PAGE_STYLE): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
${style}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

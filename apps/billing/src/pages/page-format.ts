/** Formatting shared by the customer-facing pages (bill receipts, invoices) and messages. */

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

/** Unix seconds as India Standard Time (UTC+05:30, no daylight saving): `2025-01-15 16:00 IST`. */
export function formatTime(seconds: number): string {
  const date = new Date((seconds + 19_800) * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} IST`;
}

/** Headers of a customer-facing page: never cached (it changes), self-contained (no script, no external resource). */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
};

/** The pages' inline style sheet. */
const PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#222}
table{width:100%;border-collapse:collapse;margin:1rem 0}
th,td{text-align:left;padding:.4rem;border-bottom:1px solid #ddd;vertical-align:top}
.num{text-align:right;white-space:nowrap}
.muted{color:#666;font-size:.85em}
.total td{font-weight:bold}`;

/** A whole page: the shared head (charset, viewport, the inline style sheet) around `body`. `title` is escaped here. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
${PAGE_STYLE}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

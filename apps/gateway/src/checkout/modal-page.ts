import { escapeHtml } from '@platform/customer-pages';

/**
 * The modal's Content-Security-Policy: its own scripts, styles, calls and frames (the test bank's
 * page) only, images from anywhere (a merchant's logo), forms posted only to `formAction` (the
 * hosted page's callback_url origin, else 'none'), framed by `frameAncestors` (any merchant's page
 * for the modal checkout.js opens; none for the hosted page, which is a whole window).
 */
export function modalPolicy(formAction: string, frameAncestors: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "frame-src 'self'",
    "img-src 'self' data: https: http:",
    `form-action ${formAction}`,
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** A page that says what went wrong, for a browser that posted a form: no script, nothing loaded. */
export function messagePage(title: string, lines: readonly string[]): string {
  const items = lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body>
<h1>${escapeHtml(title)}</h1>
<ul>
${items}
</ul>
</body>
</html>
`;
}

/** The headers of such a page. */
export const MESSAGE_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
};

import { useEffect, useState } from 'preact/hooks';

/**
 * Pages are addressed by the URL's fragment (`/dashboard/#/payments/pay_…`): the gateway serves one
 * index.html, and a page's address never carries anything secret (the key stays in sessionStorage).
 */
export function useHashRoute(): string[] {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const changed = () => setHash(location.hash);
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
}

/** The `href` of a page: `href('payments', id)` → `#/payments/<id>`. */
export function href(...segments: string[]): string {
  return `#/${segments.map(encodeURIComponent).join('/')}`;
}

export function navigate(...segments: string[]): void {
  location.hash = href(...segments);
}

import type { ComponentChildren } from 'preact';
import { href } from '../routing/hash-route';
import type { Session } from '../session/session';

const PAGES: [segment: string, title: string][] = [
  ['', 'Home'],
  ['payments', 'Payments'],
  ['orders', 'Orders'],
  ['refunds', 'Refunds'],
  ['disputes', 'Disputes'],
  ['qr-codes', 'QR codes'],
  ['payment-links', 'Payment links'],
  ['customers', 'Customers'],
  ['invoices', 'Invoices'],
  ['subscriptions', 'Subscriptions'],
  ['settlements', 'Settlements'],
  ['webhooks', 'Webhooks'],
];

interface LayoutProps {
  session: Session;
  current: string;
  onSignOut: () => void;
  children: ComponentChildren;
}

/** Every page's frame: the navigation, and the mode of the signed-in key in its colour on every page. */
export function Layout({ session, current, onSignOut, children }: LayoutProps) {
  return (
    <div class={`frame mode-${session.mode}`}>
      <header>
        <strong>Payments dashboard</strong>
        <span class={`mode-badge mode-badge-${session.mode}`} data-testid="mode-badge">
          {session.mode === 'test' ? 'Test mode' : 'Live mode'}
        </span>
        <span class="key-id">{session.keyId}</span>
        <button type="button" class="secondary" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <nav>
        {PAGES.map(([segment, title]) => (
          <a
            key={segment}
            href={href(...(segment ? [segment] : []))}
            aria-current={segment === current ? 'page' : undefined}
          >
            {title}
          </a>
        ))}
      </nav>
      <main>{children}</main>
    </div>
  );
}

import { render } from 'preact';
import type { CheckoutOptions } from '../options/checkout-options';
import { normaliseOptions } from '../options/normalise-options';
import { tagged } from '../common/messages';
import { framedHost, hostedHost, type Host } from './host';
import { embeddedOptions, waitForOpen } from './options-source';
import { CheckoutModal } from './ui/checkout-modal';
import { CloseIcon } from './ui/icons';
import { Blocked } from './ui/status-views';
import './styles.css';

/**
 * frame.js: the modal. In checkout.js's iframe its options come by postMessage; on the hosted
 * checkout page (the same file, rendered full-page by the gateway) they are in the page.
 */
const root = document.getElementById('checkout') as HTMLElement;
const NOT_OPENED =
  'This checkout was opened without options: open it with checkout.js or the hosted checkout.';

/** Options that cannot be read: said in the modal (and the console), with a way out if framed. */
function showFatal(message: string, close: (() => void) | null) {
  console.error(message);
  render(
    <div class="page">
      <div class="modal" role="dialog" aria-modal="true" aria-label="Checkout">
        {close && (
          <button type="button" class="icon-button close fatal" aria-label="Close" onClick={close}>
            <CloseIcon />
          </button>
        )}
        <Blocked message={message} />
      </div>
    </div>,
    root,
  );
}

function start(
  input: unknown,
  hostFor: (options: CheckoutOptions) => Host,
  close: (() => void) | null,
) {
  let options: CheckoutOptions;
  try {
    options = normaliseOptions(input, {
      prefersReducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
    }).options;
  } catch (error) {
    return showFatal(error instanceof Error ? error.message : String(error), close);
  }
  render(<CheckoutModal options={options} host={hostFor(options)} />, root);
}

const embedded = embeddedOptions(document);
if (embedded) {
  document.documentElement.classList.add('hosted');
  start(embedded, hostedHost, null);
} else if (window.parent !== window) {
  waitForOpen((input, origin) => {
    // An opaque origin (a sandboxed or file: page) can only be answered with "*".
    const target = origin === 'null' ? '*' : origin;
    const close = () => window.parent.postMessage(tagged({ type: 'dismiss' }), target);
    start(input, (options) => framedHost(options, target), close);
  });
} else {
  document.documentElement.classList.add('hosted');
  showFatal(NOT_OPENED, null);
}

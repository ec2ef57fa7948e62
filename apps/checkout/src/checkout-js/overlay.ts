/**
 * What `open()` puts on the merchant's page: a backdrop in the merchant's colour and, over it, the
 * modal's iframe covering the viewport (the modal draws its own card, and its transparent margin
 * takes the backdrop clicks). Styles are set through the DOM, never as markup, so a merchant's CSP
 * without 'unsafe-inline' still allows them.
 */
export interface Overlay {
  frame: HTMLIFrameElement;
  /** The modal has said it is ready: the loading indicator goes. */
  loaded(): void;
  remove(): void;
}

const FADE_MS = 300;

function styled<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  style: Partial<CSSStyleDeclaration>,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  Object.assign(element.style, style);
  return element;
}

function frameElement(url: string): HTMLIFrameElement {
  const frame = styled('iframe', {
    position: 'fixed',
    top: '0',
    left: '0',
    width: '100%',
    height: '100%',
    border: '0',
    margin: '0',
    padding: '0',
    background: 'transparent',
    colorScheme: 'normal',
  });
  frame.className = 'razorpay-checkout-frame';
  frame.title = 'Checkout';
  frame.setAttribute('sandbox', 'allow-scripts allow-forms allow-same-origin allow-popups');
  frame.setAttribute('allow', 'payment');
  frame.setAttribute('allowtransparency', 'true');
  frame.src = url;
  return frame;
}

/** A spinner on the backdrop until the modal is ready (animated through the DOM, not a stylesheet). */
function loader(): HTMLElement {
  const spinner = styled('div', {
    position: 'fixed',
    top: '50%',
    left: '50%',
    width: '36px',
    height: '36px',
    margin: '-18px 0 0 -18px',
    border: '3px solid rgba(255,255,255,0.35)',
    borderTopColor: '#ffffff',
    borderRadius: '50%',
  });
  spinner.setAttribute('role', 'status');
  spinner.setAttribute('aria-label', 'Loading checkout');
  spinner.animate?.([{ transform: 'rotate(0deg)' }, { transform: 'rotate(360deg)' }], {
    duration: 800,
    iterations: Infinity,
  });
  return spinner;
}

export function showOverlay(options: {
  frameUrl: string;
  backdropColor: string;
  animate: boolean;
}): Overlay {
  const container = styled('div', {
    position: 'fixed',
    top: '0',
    left: '0',
    width: '100%',
    height: '100%',
    zIndex: '2147483647',
  });
  container.className = 'razorpay-container';
  const backdrop = styled('div', {
    position: 'fixed',
    top: '0',
    left: '0',
    width: '100%',
    height: '100%',
    background: options.backdropColor,
    opacity: options.animate ? '0' : '1',
    transition: options.animate ? `opacity ${FADE_MS}ms ease-out` : '',
  });
  backdrop.className = 'razorpay-backdrop';
  const frame = frameElement(options.frameUrl);
  const spinner = loader();
  container.append(backdrop, spinner, frame);
  const previousOverflow = document.body.style.overflow;
  const previousFocus = document.activeElement;
  document.body.style.overflow = 'hidden';
  document.body.appendChild(container);
  if (options.animate)
    requestAnimationFrame(() => requestAnimationFrame(() => (backdrop.style.opacity = '1')));
  frame.addEventListener('load', () => frame.focus());
  return {
    frame,
    loaded: () => spinner.remove(),
    remove() {
      container.remove();
      document.body.style.overflow = previousOverflow;
      if (previousFocus instanceof HTMLElement) previousFocus.focus();
    },
  };
}

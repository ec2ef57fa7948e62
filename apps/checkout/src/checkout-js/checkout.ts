import type { CheckoutCallbacks, CheckoutOptions } from '../options/checkout-options';
import { normaliseOptions } from '../options/normalise-options';
import { submitForm, successFields } from '../common/form-fields';
import {
  isFromFrame,
  readFrameMessage,
  tagged,
  type FrameMessage,
  type SuccessResponse,
} from '../common/messages';
import { Emitter } from './emitter';
import { showOverlay, type Overlay } from './overlay';

/** Where the modal lives: the platform that served checkout.js (or `Razorpay.config`'s override). */
export interface Platform {
  frameUrl: string;
}

/** Razorpay's checkout calls `handler` this long after the modal has gone. */
const HANDLER_DELAY_MS = 200;

/** An image path relative to the merchant's page is made absolute: the modal is on another origin. */
function absoluteImage(image: string): string {
  if (!image || /^data:image\//.test(image)) return image;
  try {
    return new URL(image, location.href).href;
  } catch {
    return image;
  }
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** One `new Razorpay(options)`: its options, its events, and the modal while it is open. */
export class Checkout {
  private readonly options: CheckoutOptions;
  private readonly callbacks: CheckoutCallbacks;
  private readonly events = new Emitter<Checkout>(this);
  private overlay: Overlay | null = null;
  private ready = false;
  private stopListening: (() => void) | null = null;

  constructor(
    input: unknown,
    private readonly platform: Platform,
  ) {
    const { options, callbacks } = normaliseOptions(input, {
      prefersReducedMotion: prefersReducedMotion(),
    });
    options.image = absoluteImage(options.image);
    this.options = options;
    this.callbacks = callbacks;
  }

  on(event: string, listener: (payload: unknown) => void): Checkout {
    return this.events.on(event, listener);
  }

  once(event: string, listener: (payload: unknown) => void): Checkout {
    return this.events.once(event, listener);
  }

  off(event?: string, listener?: (payload: unknown) => void): Checkout {
    return this.events.off(event, listener);
  }

  open(): Checkout {
    if (this.overlay) return this;
    this.ready = false;
    const overlay = showOverlay({
      frameUrl: this.platform.frameUrl,
      backdropColor: this.options.theme.backdrop_color,
      animate: this.options.modal.animation,
    });
    this.overlay = overlay;
    const frameOrigin = new URL(overlay.frame.src).origin;
    const onMessage = (event: MessageEvent) => {
      const frame = { window: overlay.frame.contentWindow, origin: frameOrigin };
      if (!isFromFrame(event, frame)) return;
      const message = readFrameMessage(event.data);
      const reply = (data: unknown) => overlay.frame.contentWindow?.postMessage(data, frameOrigin);
      if (message) this.receive(message, reply);
    };
    // Until the modal is ready it cannot hear Escape: the page does (a modal that never loads
    // can still be closed).
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && this.options.modal.escape && !this.ready) this.close();
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKey);
    this.stopListening = () => {
      window.removeEventListener('message', onMessage);
      document.removeEventListener('keydown', onKey);
    };
    return this;
  }

  /** Closes the modal as the customer would: `modal.ondismiss` runs. */
  close(): void {
    if (this.overlay) this.dismiss(undefined);
  }

  private receive(message: FrameMessage, reply: (data: unknown) => void): void {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.overlay?.loaded();
        return reply(tagged({ type: 'open', options: this.options }));
      case 'success':
        return this.succeed(message.response);
      case 'failed':
        this.events.emit('payment.error', message.response);
        return this.events.emit('payment.failed', message.response);
      case 'dismiss':
        return this.dismiss(message.reason);
      case 'redirect':
        return this.redirect(message.url, message.fields);
      default: {
        const unknown: never = message;
        return unknown;
      }
    }
  }

  private hide(): void {
    this.stopListening?.();
    this.stopListening = null;
    this.overlay?.remove();
    this.overlay = null;
  }

  private dismiss(reason: unknown): void {
    this.hide();
    setTimeout(() => {
      this.callbacks.ondismiss?.call(this, reason);
      this.callbacks.onhidden?.call(this);
    });
  }

  private succeed(response: SuccessResponse): void {
    this.hide();
    const { handler, onhidden } = this.callbacks;
    setTimeout(() => onhidden?.call(this));
    setTimeout(() => {
      if (handler) handler.call(this, response);
      else if (this.options.callback_url)
        submitForm({ url: this.options.callback_url, fields: successFields(response) });
    }, HANDLER_DELAY_MS);
  }

  /** The modal cannot leave its sandbox: the merchant's page posts to callback_url for it. */
  private redirect(url: string, fields: Record<string, string>): void {
    if (url !== this.options.callback_url) return;
    this.stopListening?.();
    submitForm({ url, fields, target: this.options.target || '_top' });
  }
}

import { Checkout, type Platform } from './checkout';
import { startFormMode } from './form-mode';

/**
 * checkout.js: `window.Razorpay`, as Razorpay's Standard Checkout script defines it, talking to the
 * platform that served this script. Its own URL is read while it runs (later, `currentScript` is
 * gone); a `Razorpay.config` set before loading may override where the modal is (`api`, `frame`),
 * as Razorpay's script allows.
 */
interface RazorpayConfig {
  api: string;
  frame?: string;
}

const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript : null;

function readConfig(): RazorpayConfig {
  const origin = script?.src ? new URL(script.src).origin : location.origin;
  const existing = (window as { Razorpay?: { config?: Partial<RazorpayConfig> } }).Razorpay?.config;
  return { api: `${origin}/`, ...existing };
}

const config = readConfig();
const platform: Platform = {
  frameUrl: config.frame ?? new URL('v1/checkout/public', config.api).href,
};

/** Callable with or without `new`, like Razorpay's; `instanceof Razorpay` holds for its instances. */
function Razorpay(options: unknown): Checkout {
  return new Checkout(options, platform);
}
Razorpay.prototype = Checkout.prototype;
Razorpay.config = config;
Razorpay.open = (options: unknown) => Razorpay(options).open();

(window as unknown as { Razorpay: typeof Razorpay }).Razorpay = Razorpay;

if (script) startFormMode(script, Razorpay);

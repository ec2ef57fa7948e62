import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The checkout app's build as apps/checkout writes it, with stand-in contents. */
export const CHECKOUT_BUILD = {
  'checkout.js': 'window.Razorpay = function Razorpay(options) { this.options = options; };',
  'frame.html':
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="/v1/checkout/assets/frame.css"><script src="/v1/checkout/assets/frame.js" defer></script></head><body><main id="checkout"></main></body></html>\n',
  'frame.js': 'document.getElementById("checkout").textContent = "Pay";',
  'frame.css': 'main { font-family: system-ui; }',
  'pay-page.js': 'document.getElementById("pay-button").disabled = false;',
};

/** A directory holding the build (CHECKOUT_DIR), and a file beside it that is not part of it. */
export function builtCheckout(): string {
  const directory = mkdtempSync(join(tmpdir(), 'checkout-'));
  for (const [name, text] of Object.entries(CHECKOUT_BUILD))
    writeFileSync(join(directory, name), text);
  writeFileSync(join(directory, 'secrets.txt'), 'not for the public');
  return directory;
}

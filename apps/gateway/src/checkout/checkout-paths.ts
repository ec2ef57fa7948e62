/** The public paths of Checkout that the gateway answers itself. */
export const CHECKOUT_PATHS = {
  /** checkout.js (window.Razorpay), where merchants' pages load it from. */
  script: '/v1/checkout.js',
  /** The same file at the root of the host, for pages that load it unversioned. */
  scriptAlias: '/checkout.js',
  /** The modal page checkout.js frames (frame.html); its options arrive by postMessage. */
  frame: '/v1/checkout/public',
  /** The modal's and the pay pages' own files, by name. */
  assets: '/v1/checkout/assets/:file',
  /** Hosted Checkout: the modal as a whole page, its options form-posted. */
  embedded: '/v1/checkout/embedded',
  /** Who takes the payment of an invoice's, a subscription's or a payment link's page (its key id and order). */
  pages: '/v1/checkout/pages/:id',
  /** Where a payment link's page sends the customer after a payment: on to its callback_url, signed. */
  pageCallback: '/v1/checkout/pages/:id/callback',
} as const;

/**
 * Razorpay's preferences path. The payments service serves it under its checkout controllers, at
 * SERVED_PREFERENCES_PATH: the document shows it at the public path, and Checkout forwards it back.
 */
export const PREFERENCES_PATH = '/v1/preferences';
export const SERVED_PREFERENCES_PATH = '/v1/checkout/preferences';

import type { CheckoutOptions } from '../options/checkout-options';
import { errorFields, submitForm, successFields } from '../common/form-fields';
import {
  tagged,
  type DismissReason,
  type FrameMessage,
  type PaymentError,
  type SuccessResponse,
} from '../common/messages';

/**
 * Where the modal's outcomes go. In checkout.js's iframe they are messages to the merchant's page
 * (which calls handler, emits payment.failed, runs ondismiss or posts to callback_url: the
 * sandboxed frame cannot navigate it). On the hosted checkout page (a full page of its own) they
 * are navigations: success and failure POST to callback_url, cancel GETs cancel_url.
 */
export interface Host {
  /** The hosted page has no merchant page around it. */
  readonly hosted: boolean;
  succeed(response: SuccessResponse): void;
  /** A payment failed; with `retry` false the checkout then closes. */
  fail(error: PaymentError): void;
  dismiss(reason?: DismissReason): void;
}

function redirects(options: CheckoutOptions): boolean {
  return options.redirect && options.callback_url !== '';
}

/** What checkout.js is told of a success: with `redirect`, post it to callback_url; else handler. */
export function successMessage(options: CheckoutOptions, response: SuccessResponse): FrameMessage {
  return redirects(options)
    ? { type: 'redirect', url: options.callback_url, fields: successFields(response) }
    : { type: 'success', response };
}

/**
 * What checkout.js is told of a failure. Razorpay's checkout posts it to callback_url only with
 * `redirect` and no retry (and then emits nothing); otherwise payment.failed, and with `retry`
 * false the checkout closes, `modal.ondismiss` receiving the error.
 */
export function failureMessages(options: CheckoutOptions, error: PaymentError): FrameMessage[] {
  if (redirects(options) && !options.retry)
    return [{ type: 'redirect', url: options.callback_url, fields: errorFields(error) }];
  const failed: FrameMessage = { type: 'failed', response: { error } };
  return options.retry ? [failed] : [failed, { type: 'dismiss', reason: { error } }];
}

export function framedHost(options: CheckoutOptions, parentOrigin: string): Host {
  const post = (message: FrameMessage) => window.parent.postMessage(tagged(message), parentOrigin);
  return {
    hosted: false,
    succeed: (response) => post(successMessage(options, response)),
    fail: (error) => failureMessages(options, error).forEach(post),
    dismiss: (reason) =>
      post(reason === undefined ? { type: 'dismiss' } : { type: 'dismiss', reason }),
  };
}

export function hostedHost(options: CheckoutOptions): Host {
  return {
    hosted: true,
    succeed(response) {
      if (options.callback_url)
        submitForm({ url: options.callback_url, fields: successFields(response) });
    },
    fail(error) {
      if (options.callback_url)
        submitForm({ url: options.callback_url, fields: errorFields(error) });
    },
    dismiss() {
      if (options.cancel_url) location.assign(options.cancel_url);
    },
  };
}

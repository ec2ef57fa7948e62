import type { CheckoutOptions } from '../options/checkout-options';
import { resolveDisplay, type AvailableMethods, type MethodGroup } from '../options/display-config';
import { METHODS } from '../options/payment-method';
import type { Preferences } from './api/api-types';

/** What the modal can offer once it has the options and the preferences. */
export type CheckoutFacts =
  /** No payment can be attempted; the message says why. */
  | { kind: 'blocked'; message: string; testMode?: boolean }
  | {
      kind: 'payable';
      testMode: boolean;
      merchantName: string;
      amount: number;
      currency: string;
      /** The amount to send: only for a partial payment of an order, else the API takes what is due. */
      amountToSend: number | null;
      groups: MethodGroup[];
      /** Every bank and wallet the account offers (a choice with no list of its own offers these). */
      banks: readonly string[];
      wallets: readonly string[];
      bankNames: Record<string, string>;
    };

export const NO_ACQUIRER =
  'Live payments need an acquirer, and none is configured on this platform.';
export const NO_ENTITY =
  'This checkout has no order_id or subscription_id: payments are taken against an order.';
export const ORDER_PAID = 'This order has already been paid.';
export const NO_METHOD = 'No appropriate payment method found.';

const CLOSED_SUBSCRIPTIONS = ['cancelled', 'completed', 'expired'];

function blocked(message: string, preferences: Preferences): CheckoutFacts {
  return { kind: 'blocked', message, testMode: preferences.mode === 'test' };
}

function available(options: CheckoutOptions, preferences: Preferences): AvailableMethods {
  const { netbanking, wallet } = preferences.methods;
  const banks = netbanking ? Object.keys(netbanking) : [];
  const wallets = wallet ? Object.keys(wallet).filter((code) => wallet[code]) : [];
  const offered = {
    card: preferences.methods.card === true,
    upi: preferences.methods.upi === true,
    netbanking: banks.length > 0,
    wallet: wallets.length > 0,
  };
  const methods = METHODS.filter((method) => offered[method] && options.method[method] !== false);
  return { methods, banks, wallets };
}

/** The amount and currency this checkout charges, or why it cannot charge. */
function charge(
  options: CheckoutOptions,
  preferences: Preferences,
): { amount: number; currency: string; amountToSend: number | null } | string {
  const { order, subscription } = preferences;
  if (subscription) {
    if (CLOSED_SUBSCRIPTIONS.includes(subscription.status))
      return `This subscription is ${subscription.status} and cannot take payments.`;
    return { amount: subscription.amount, currency: subscription.currency, amountToSend: null };
  }
  if (!order) return NO_ENTITY;
  if (order.status === 'paid' || order.amount_due <= 0) return ORDER_PAID;
  if (!order.partial_payment || options.amount === null)
    return { amount: order.amount_due, currency: order.currency, amountToSend: null };
  // Digits only, at least the minimum: new Razorpay() checked it (normaliseOptions).
  const amount = Number(options.amount);
  return { amount, currency: order.currency, amountToSend: amount };
}

/**
 * The rules before any payment: a live key needs an acquirer; a paid order, a closed subscription
 * or no method leave nothing to pay (a wrong amount never gets here: the options refused it). The
 * order's amount due (or the subscription's authorization amount) is what is charged, except the
 * amount the merchant chose for a partial payment.
 */
export function checkoutFacts(options: CheckoutOptions, preferences: Preferences): CheckoutFacts {
  if (preferences.mode === 'live' && preferences.acquirer === null)
    return blocked(NO_ACQUIRER, preferences);
  const charged = charge(options, preferences);
  if (typeof charged === 'string') return blocked(charged, preferences);
  const methods = available(options, preferences);
  const groups = resolveDisplay(options.config.display, methods);
  if (groups.length === 0) return blocked(NO_METHOD, preferences);
  return {
    kind: 'payable',
    testMode: preferences.mode === 'test',
    merchantName: options.name || preferences.merchant?.name || '',
    ...charged,
    groups,
    banks: methods.banks,
    wallets: methods.wallets,
    bankNames: preferences.methods.netbanking || {},
  };
}

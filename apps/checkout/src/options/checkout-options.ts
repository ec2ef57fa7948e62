import type { DisplayConfig } from './display-config';

/** An entity's notes as checkout passes them on: at most 15 keys, primitive values. */
export type Notes = Record<string, string | number | boolean>;

/**
 * The options once read as Razorpay's checkout reads them: every known option present, with its
 * default, coerced to its type. Only JSON values: this is what checkout.js sends the modal, and what
 * the hosted checkout page carries.
 */
export interface CheckoutOptions {
  key: string;
  /**
   * Integer minor units as the merchant gave it (a number or digits); null when none was given.
   * The modal checks it once it knows whether the order's amount applies instead.
   */
  amount: number | string | null;
  currency: string;
  name: string;
  description: string;
  image: string;
  order_id: string;
  subscription_id: string;
  invoice_id: string;
  payment_link_id: string;
  customer_id: string;
  notes: Notes | null;
  callback_url: string;
  /** The hosted checkout's: where the customer goes (GET) on cancelling. */
  cancel_url: string;
  redirect: boolean;
  retry: boolean;
  /** Seconds; 0 for none. */
  timeout: number;
  target: string;
  buttontext: string;
  prefill: {
    name: string;
    email: string;
    contact: string;
    method: string;
    vpa: string;
    bank: string;
    wallet: string;
  };
  theme: {
    color: string;
    backdrop_color: string;
    hide_topbar: boolean;
    close_button: boolean;
  };
  modal: {
    escape: boolean;
    animation: boolean;
    backdropclose: boolean;
    confirm_close: boolean;
    handleback: boolean;
  };
  readonly: { contact: boolean; email: boolean; name: boolean };
  hidden: { contact: boolean; email: boolean };
  /** Methods the merchant turned off (`method: { netbanking: false }`). */
  method: { card: boolean; upi: boolean; netbanking: boolean; wallet: boolean };
  config: { display: DisplayConfig };
}

/** What the merchant page keeps for itself: functions never leave it. */
export interface CheckoutCallbacks {
  handler?: (response: Record<string, string>) => void;
  ondismiss?: (reason?: unknown) => void;
  onhidden?: () => void;
}

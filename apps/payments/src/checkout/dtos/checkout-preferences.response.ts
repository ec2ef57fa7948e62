import type { Mode } from '@platform/domain-kit';

/** The methods checkout offers (netbanking: bank code → name; wallets: code → true). */
export interface CheckoutMethods {
  card: true;
  upi: true;
  /** @example {"HDFC":"HDFC Bank","SBIN":"State Bank of India"} */
  netbanking: Record<string, string>;
  /** @example {"paytm":true,"phonepe":true} */
  wallet: Record<string, true>;
}

/** The order checkout pays, as far as checkout shows it. */
export interface CheckoutOrder {
  /** @example "order_1Aa00000000001" */
  id: string;
  /** @example 50000 */
  amount: number;
  amount_paid: number;
  /** @example 50000 */
  amount_due: number;
  /** @example "INR" */
  currency: string;
  status: 'created' | 'attempted' | 'paid';
  partial_payment: boolean;
  first_payment_min_amount: number | null;
  receipt: string | null;
  notes: Record<string, string | number>;
}

/** The subscription checkout authorizes: what its authorization payment charges. */
export interface CheckoutSubscription {
  /** @example "sub_1Aa00000000001" */
  id: string;
  /**
   * `created`: it awaits its authorization payment; `authenticated`: one saved its instrument (as
   * payments knows it: billing's own status may have moved on since).
   */
  status: 'created' | 'authenticated';
  /** @example 49900 */
  amount: number;
  /** @example "INR" */
  currency: string;
}

/**
 * What checkout needs before it opens: the mode, the methods, whether payments can be made at all
 * (`acquirer` null: live mode with no acquirer configured, so payments are refused), and the order
 * or subscription it was opened with. The gateway adds `merchant`.
 */
export interface CheckoutPreferences {
  mode: Mode;
  /** What plugins read: checkout hands the result to the page (no redirect). */
  options: { redirect: false };
  /** @example "test_bank" */
  acquirer: string | null;
  methods: CheckoutMethods;
  /** Only with `order_id`. */
  order?: CheckoutOrder;
  /** Only with `subscription_id`. */
  subscription?: CheckoutSubscription;
}

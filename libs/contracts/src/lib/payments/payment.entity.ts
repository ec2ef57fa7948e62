import type { CurrencyCode, Notes } from '../api-values';
import type { CardEntity } from './card.entity';

export type PaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
/** How a customer pays: the payments service, its simulator and the OpenAPI document read this list. */
export const PAYMENT_METHODS = ['card', 'upi', 'netbanking', 'wallet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * A UPI payment's details (`expand[]=upi`): the test bank's payers pay from a bank account, by
 * approving a collect request sent to their VPA. Razorpay's other values (`credit_card`, `intent`,
 * `in_app`…) come from checkouts this platform does not run.
 */
export interface PaymentUpiDetails {
  /**
   * What the payer paid from: the test bank's UPI payers pay from a bank account (Razorpay also
   * names `credit_card` and `wallet`, which its own apps produce).
   */
  payer_account_type: 'bank_account';
  /** The payer's UPI address, as in the payment's `vpa`. */
  vpa: string;
  /**
   * How the payment was asked for: a collect request sent to the VPA, the only flow the test bank
   * has (Razorpay also names `intent` and `in_app`).
   */
  flow: 'collect';
}

/** A payment as the API shows it (`entity: "payment"`). Amounts in the currency's smallest unit. */
export interface PaymentEntity {
  /** @example "pay_1Aa00000000001" */
  id: string;
  entity: 'payment';
  /**
   * In the smallest currency unit.
   *
   * @example 50000
   */
  amount: number;
  currency: CurrencyCode;
  /**
   * `authorized`: the customer's money is held, not yet yours (capture it within 3 days, or it is
   * refunded in full automatically). `captured`: yours (also after partial refunds). `refunded`:
   * all of it went back (refunds, or the automatic refund of a payment never captured). `failed`:
   * the instrument was declined (see the `error_*` fields).
   */
  status: PaymentStatus;
  /** @example "order_1Aa00000000001" */
  order_id: string | null;
  invoice_id: string | null;
  /** The acquirer's terminal: null, as Razorpay shows it for ordinary online payments. */
  terminal_id: null;
  /** Paid with an instrument issued outside India. */
  international: boolean;
  method: PaymentMethod;
  /** The sum of the refunds of the payment. */
  amount_refunded: number;
  /** null: nothing refunded; `partial`; `full`: amount_refunded reached the amount. */
  refund_status: 'partial' | 'full' | null;
  captured: boolean;
  description: string | null;
  /** The card of a card payment; null for other methods. */
  card_id: string | null;
  /**
   * Only with `expand[]=card` (and in the simulator's answer): the card object, null for payments
   * not made by card.
   */
  card?: CardEntity | null;
  /** Netbanking: the bank code (e.g. HDFC). */
  bank: string | null;
  /** Wallet payments: the wallet (e.g. paytm). */
  wallet: string | null;
  /** UPI payments: the customer's UPI address. */
  vpa: string | null;
  email: string | null;
  contact: string | null;
  /**
   * The customer of what was paid: the QR code's `customer_id`, or the invoice's; null when it
   * names none (a plain order).
   *
   * @example "cust_1Aa00000000001"
   */
  customer_id: string | null;
  notes: Notes;
  /**
   * Set when the payment is captured (null before, and for failed payments). The platform fee is 2%
   * of the amount plus 18% GST on it, and `fee` includes the GST: commission = round(2% × amount),
   * tax = round(18% × commission), fee = commission + tax, each rounded half up. Example: 50000 →
   * fee 1180 (tax 180).
   *
   * @example 1180
   */
  fee: number | null;
  /**
   * The GST part of `fee`.
   *
   * @example 180
   */
  tax: number | null;
  /**
   * Failed payments only.
   *
   * @example "BAD_REQUEST_ERROR"
   */
  error_code: string | null;
  /**
   * @example "Your payment has been declined by your bank. Try another card or contact your bank."
   */
  error_description: string | null;
  /**
   * @example "bank"
   * @example "customer"
   */
  error_source: string | null;
  /** @example "payment_authorization" */
  error_step: string | null;
  /**
   * @example "payment_declined"
   * @example "payment_failed"
   */
  error_reason: string | null;
  /**
   * The references the acquirer gave: `auth_code` for cards, `rrn` and `upi_transaction_id` for
   * UPI, `bank_transaction_id` for netbanking, `transaction_id` for wallets; `{}` for failed
   * payments.
   *
   * @example {"auth_code":"123456"}
   */
  acquirer_data: Record<string, string | null>;
  /** Unix seconds */
  created_at: number;
  /**
   * UPI payments only, with `expand[]=upi` (and in the simulator's answer and in events): how the
   * payment was made.
   */
  upi?: PaymentUpiDetails;
}

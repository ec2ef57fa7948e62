import type { PaymentDetailsRow } from '../../payment/payment-details/payment-details.entity';

/** Where the customer goes next: the acquirer's challenge (the test bank's page is relative to the gateway). */
export interface CheckoutNext {
  action: 'authenticate';
  /** @example "/v1/checkout/test-bank/pay_1Aa00000000002" */
  url: string;
}

/** A failed payment's error, as checkout's failure callback reports it. */
export interface CheckoutPaymentError {
  /** @example "BAD_REQUEST_ERROR" */
  code: string;
  /** @example "Your payment could not be completed due to insufficient account balance. Try another card or payment method." */
  description: string;
  /** @example "customer" */
  source: string;
  /** @example "payment_authorization" */
  step: string;
  /** @example "insufficient_fund" */
  reason: string;
  metadata: {
    /** @example "pay_1Aa00000000002" */
    payment_id: string;
    /** @example "order_1Aa00000000001" */
    order_id: string | null;
  };
}

/**
 * A checkout payment as the modal follows it. `created`: the customer must answer the acquirer's
 * challenge at `next.url` first. `authorized`, `captured` (or `refunded`: a subscription's token
 * payment, given back at once): paid, with the id of what was paid (the gateway adds
 * `razorpay_signature`). `failed` (GET only; the POST answers a failure as a 400): its `error`.
 */
export interface CheckoutPaymentAnswer {
  /** @example "pay_1Aa00000000002" */
  razorpay_payment_id: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  /** Only while `created`. */
  next?: CheckoutNext;
  /**
   * The order paid (not for a subscription's authorization).
   *
   * @example "order_1Aa00000000001"
   */
  razorpay_order_id?: string;
  /**
   * The subscription the payment authorized.
   *
   * @example "sub_1Aa00000000001"
   */
  razorpay_subscription_id?: string;
  /** Only when `failed`. */
  error?: CheckoutPaymentError;
}

/** The answer for a payment: its challenge while created, its error when failed, else what it paid. */
export function toCheckoutAnswer(
  row: PaymentDetailsRow,
  subscriptionId: string | null,
): CheckoutPaymentAnswer {
  const id = row.id;
  if (row.status === 'created')
    return {
      razorpay_payment_id: id,
      status: row.status,
      next: { action: 'authenticate', url: row.challengeUrl ?? '' },
    };
  if (row.status === 'failed') {
    const { code, description, source, step, reason } = row.error ?? {
      code: 'BAD_REQUEST_ERROR',
      description: 'The payment failed.',
      source: 'NA',
      step: 'NA',
      reason: 'NA',
    };
    const metadata = { payment_id: id, order_id: row.orderId };
    return {
      razorpay_payment_id: id,
      status: row.status,
      error: { code, description, source, step, reason, metadata },
    };
  }
  return subscriptionId
    ? { razorpay_payment_id: id, razorpay_subscription_id: subscriptionId, status: row.status }
    : { razorpay_payment_id: id, razorpay_order_id: row.orderId ?? '', status: row.status };
}

/** A failed payment's error as the payments API answers it and `payment.failed` reports it. */
export const PAYMENT_ERROR = {
  code: 'BAD_REQUEST_ERROR',
  description: 'Payment failed',
  source: 'customer',
  step: 'payment_authentication',
  reason: 'authentication_failed',
  metadata: { payment_id: 'pay_1', order_id: 'order_1' },
};

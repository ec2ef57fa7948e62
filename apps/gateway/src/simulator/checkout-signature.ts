import { createHmac } from 'node:crypto';

/**
 * What Razorpay Checkout hands the integrator after a payment, signed with the key secret so the
 * server can check it (the SDK's validatePaymentVerification):
 * - order flow: HMAC-SHA256(`order_id|payment_id`);
 * - subscription flow: HMAC-SHA256(`payment_id|subscription_id`) (the order is reversed).
 * The payments service answers the simulator with the ids; the gateway, the only place the secret
 * is ever seen (as the caller presents it; it stores only a hash), adds `razorpay_signature`.
 */
export function signCheckoutAnswer(
  answer: Record<string, unknown>,
  keySecret: string,
): Record<string, unknown> {
  const paymentId = answer['razorpay_payment_id'];
  const orderId = answer['razorpay_order_id'];
  const subscriptionId = answer['razorpay_subscription_id'];
  if (typeof paymentId !== 'string') return answer;
  const signed =
    typeof orderId === 'string'
      ? `${orderId}|${paymentId}`
      : typeof subscriptionId === 'string'
        ? `${paymentId}|${subscriptionId}`
        : null;
  if (signed === null) return answer;
  return {
    ...answer,
    razorpay_signature: createHmac('sha256', keySecret).update(signed).digest('hex'),
  };
}

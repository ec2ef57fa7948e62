import { createHmac } from 'node:crypto';

/**
 * What Razorpay Checkout hands the integrator after a payment, signed with the key secret so the
 * server can check it (the SDK's validatePaymentVerification):
 * - order flow: HMAC-SHA256(`order_id|payment_id`);
 * - subscription flow: HMAC-SHA256(`payment_id|subscription_id`) (the order is reversed).
 * The payments service answers the simulator and Checkout with the ids; the gateway, the only place
 * the secret is ever seen, adds `razorpay_signature`: with the secret the caller presents (the
 * simulator), or with the key's secret it keeps sealed (Checkout, called with the key id alone).
 */
/** The routes whose answers the gateway signs. */
export const SIGNED_ANSWERS = new Set(['/v1/simulator/payments']);

/** How the OpenAPI document shows what signCheckoutAnswer adds to those answers. */
export const SIGNATURE_PROPERTY = {
  razorpay_signature: {
    type: 'string',
    pattern: '^[0-9a-f]{64}$',
    description:
      "Payments of an order: hex HMAC-SHA256 of `razorpay_order_id|razorpay_payment_id`; a subscription's authorization: of `razorpay_payment_id|razorpay_subscription_id`; keyed with the key's secret: the one the request presented, or for Checkout's key-id-only operations the one the platform keeps.",
  },
};

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

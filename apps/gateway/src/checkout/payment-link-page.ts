import { createHmac } from 'node:crypto';
import type { Mode } from '@platform/domain-kit';

/** What payments answers about a payment link for its page (`/internal/payment-links/:id/checkout`). */
export interface PaymentLinkCheckout {
  account_id: string;
  mode: Mode;
  order_id: string;
  /** The key that made the link: its secret signs the callback. */
  key_id: string;
  status: 'created' | 'partially_paid' | 'paid' | 'cancelled' | 'expired';
  reference_id: string;
  callback_url: string | null;
  /** The captured payments the link counted. */
  payment_ids: string[];
}

const CLOSED: Partial<Record<PaymentLinkCheckout['status'], string>> = {
  paid: 'the payment link is paid.',
  cancelled: 'the payment link is cancelled.',
  expired: 'the payment link has expired.',
};

/** Why the link's page cannot take a payment now, or null. Payments refuses the payment itself too. */
export function payableLink(link: PaymentLinkCheckout): string | null {
  const closed = CLOSED[link.status];
  return closed ? `This page cannot take payments: ${closed}` : null;
}

/**
 * Where the customer goes after paying a link: its `callback_url` with what Razorpay sends there
 * (GET), `razorpay_signature` being the hex HMAC-SHA256, keyed with the key secret, of
 * `payment_link_id|payment_link_reference_id|payment_link_status|payment_id` (what the SDKs'
 * `validatePaymentVerification({payment_link_id, …})` checks; a link without a reference id sends and
 * signs it empty). The callback_url's own query parameters stay.
 */
export function linkCallbackUrl(
  link: PaymentLinkCheckout & { callback_url: string },
  linkId: string,
  paymentId: string,
  keySecret: string,
): string {
  const signed = `${linkId}|${link.reference_id}|${link.status}|${paymentId}`;
  const url = new URL(link.callback_url);
  url.searchParams.set('razorpay_payment_id', paymentId);
  url.searchParams.set('razorpay_payment_link_id', linkId);
  url.searchParams.set('razorpay_payment_link_reference_id', link.reference_id);
  url.searchParams.set('razorpay_payment_link_status', link.status);
  url.searchParams.set(
    'razorpay_signature',
    createHmac('sha256', keySecret).update(signed).digest('hex'),
  );
  return url.toString();
}

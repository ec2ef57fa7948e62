/** Why billing did not take a captured payment: what it was for could no longer take it when it arrived. */
export type PaymentRejectionReason =
  | 'invoice_cancelled'
  | 'invoice_expired'
  | 'invoice_paid'
  | 'exceeds_amount_due'
  | 'subscription_cancelled'
  | 'subscription_completed'
  | 'subscription_expired';

export const PAYMENT_REJECTION_REASONS: readonly PaymentRejectionReason[] = [
  'invoice_cancelled',
  'invoice_expired',
  'invoice_paid',
  'exceeds_amount_due',
  'subscription_cancelled',
  'subscription_completed',
  'subscription_expired',
];

/**
 * A captured payment billing rejected (`invoice.payment_rejected`, `subscription.payment_rejected`):
 * the payments service refunds it in full. Billing is the authority on whether an invoice or a
 * subscription still takes a payment; the money is never kept silently.
 */
export interface PaymentRejection {
  payment_id: string;
  reason: PaymentRejectionReason;
}

/** Why a rejection cannot be acted on (a refund is money: checked field by field), or null. */
export function paymentRejectionProblem(rejection: unknown): string | null {
  if (typeof rejection !== 'object' || rejection === null)
    return 'data.rejection must be an object';
  const { payment_id: paymentId, reason } = rejection as Record<string, unknown>;
  if (typeof paymentId !== 'string' || !/^pay_[0-9A-Za-z]{14}$/.test(paymentId))
    return 'data.rejection.payment_id must be a payment id';
  if (!(PAYMENT_REJECTION_REASONS as readonly unknown[]).includes(reason))
    return `data.rejection.reason must be one of ${PAYMENT_REJECTION_REASONS.join(', ')}`;
  return null;
}

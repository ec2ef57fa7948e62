import type {
  PublishedDisputeEvent,
  PaymentCapturedEvent,
  RefundCreatedEvent,
} from './published-events';

/*
 * Checks of what a consumer reads from payments' events before it acts on money: written out field
 * by field, like the envelope check, because they run for every message.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isAmount = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The payment of a message: ids, money and time as a ledger needs them. */
function paymentProblem(payment: unknown, path: string): string | null {
  if (!isRecord(payment) || payment['entity'] !== 'payment' || !isText(payment['id']))
    return `${path} must be a payment`;
  if (!isAmount(payment['amount']) || !isText(payment['currency']))
    return `${path}.amount must be a non-negative integer with a currency`;
  if (!Number.isSafeInteger(payment['created_at'])) return `${path}.created_at must be an integer`;
  if (typeof payment['captured'] !== 'boolean') return `${path}.captured must be a boolean`;
  return null;
}

/** `payment.captured`: the payment, with its fee and tax, which the capture set. */
export function paymentCapturedProblem(event: PaymentCapturedEvent): string | null {
  const payment: unknown = event.data?.payment;
  const problem = paymentProblem(payment, 'data.payment');
  if (problem) return problem;
  const { amount, fee, tax } = payment as Record<string, unknown>;
  if (
    !isAmount(fee) ||
    !isAmount(tax) ||
    (tax as number) > (fee as number) ||
    (fee as number) > (amount as number)
  )
    return 'data.payment.fee and tax must be integers with tax ≤ fee ≤ amount';
  return null;
}

/** `refund.created`: the refund, and (since settlements) the payment it gives money back from. */
export function refundCreatedProblem(event: RefundCreatedEvent): string | null {
  const refund: unknown = event.data?.refund;
  if (
    !isRecord(refund) ||
    refund['entity'] !== 'refund' ||
    !isText(refund['id']) ||
    !isText(refund['payment_id'])
  )
    return 'data.refund must be a refund of a payment';
  if (!isAmount(refund['amount']) || !isText(refund['currency']))
    return 'data.refund.amount must be a non-negative integer with a currency';
  if (!Number.isSafeInteger(refund['created_at']))
    return 'data.refund.created_at must be an integer';
  return event.data.payment === undefined
    ? null
    : paymentProblem(event.data.payment, 'data.payment');
}

/** `dispute.*`: the dispute with its amounts. */
export function disputeEventProblem(event: PublishedDisputeEvent): string | null {
  const dispute: unknown = event.data?.dispute;
  if (
    !isRecord(dispute) ||
    dispute['entity'] !== 'dispute' ||
    !isText(dispute['id']) ||
    !isText(dispute['payment_id'])
  )
    return 'data.dispute must be a dispute of a payment';
  if (
    !isAmount(dispute['amount']) ||
    !isAmount(dispute['amount_deducted']) ||
    !isText(dispute['currency'])
  )
    return 'data.dispute.amount and amount_deducted must be non-negative integers with a currency';
  if ((dispute['amount_deducted'] as number) > (dispute['amount'] as number))
    return 'data.dispute.amount_deducted may not exceed its amount';
  return null;
}

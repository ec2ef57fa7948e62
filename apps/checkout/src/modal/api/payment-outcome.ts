import type { PaymentError, SuccessResponse } from '../../common/messages';
import type { ApiError, ApiResult, PaymentAnswer } from './api-types';

/** Where a payment stands after an answer of the checkout API, for the modal to go on from. */
export type PaymentOutcome =
  /** The customer must answer the bank's challenge at `url`. */
  | { kind: 'pending'; paymentId: string; url: string }
  | { kind: 'succeeded'; response: SuccessResponse }
  /** A payment was recorded as failed: the merchant hears of it (`payment.failed`). */
  | { kind: 'failed'; error: PaymentError }
  /** Nothing was recorded (bad input, the service unreachable): the customer corrects and retries. */
  | { kind: 'refused'; description: string; field?: string };

const SUCCESS_STATUSES = ['authorized', 'captured', 'refunded'];
const SUCCESS_FIELDS = [
  'razorpay_payment_id',
  'razorpay_order_id',
  'razorpay_subscription_id',
  'razorpay_signature',
];

function textMetadata(metadata: Record<string, unknown> | undefined): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(metadata ?? {}))
    if (typeof value === 'string') texts[name] = value;
  return texts;
}

/** The error as the merchant gets it: every field present, metadata naming the payment and order. */
export function paymentError(
  error: ApiError,
  known: { paymentId?: string; orderId?: string },
): PaymentError {
  const metadata = textMetadata(error.metadata);
  if (known.paymentId && !metadata['payment_id']) metadata['payment_id'] = known.paymentId;
  if (known.orderId && !metadata['order_id']) metadata['order_id'] = known.orderId;
  const result: PaymentError = {
    code: error.code ?? 'BAD_REQUEST_ERROR',
    description: error.description,
    source: error.source ?? 'NA',
    step: error.step ?? 'NA',
    reason: error.reason ?? 'NA',
    metadata,
  };
  if (error.field !== undefined) result.field = error.field;
  return result;
}

function successResponse(answer: PaymentAnswer): SuccessResponse {
  const response: SuccessResponse = {};
  for (const field of SUCCESS_FIELDS) {
    const value = answer[field];
    if (typeof value === 'string') response[field] = value;
  }
  return response;
}

/** Reads an answer of POST /v1/checkout/payments or GET /v1/checkout/payments/:id. */
export function paymentOutcome(
  result: ApiResult<PaymentAnswer>,
  known: { orderId?: string },
): PaymentOutcome {
  if (!result.ok) {
    const paymentId = result.error.metadata?.['payment_id'];
    if (typeof paymentId !== 'string')
      return { kind: 'refused', description: result.error.description, field: result.error.field };
    return { kind: 'failed', error: paymentError(result.error, { ...known, paymentId }) };
  }
  const answer = result.body;
  const paymentId = answer.razorpay_payment_id;
  if (answer.status === 'created' && answer.next?.url)
    return { kind: 'pending', paymentId, url: answer.next.url };
  if (SUCCESS_STATUSES.includes(answer.status))
    return { kind: 'succeeded', response: successResponse(answer) };
  const error = answer.error ?? { description: 'The payment failed.' };
  return { kind: 'failed', error: paymentError(error, { ...known, paymentId }) };
}

import type { CheckoutOptions } from '../options/checkout-options';

/**
 * checkout.js and the modal talk by postMessage, each message an object tagged with
 * `__razorpay_checkout: 1`. Either side reads a message only through these readers, which check
 * its whole shape: a page may post anything to either window.
 */
const TAG = '__razorpay_checkout';

/** A failed payment as the merchant's `payment.failed` listener receives it (`{ error }`). */
export interface PaymentError {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
  field?: string;
  metadata: Record<string, string>;
}

/** What `handler` receives: razorpay_payment_id, razorpay_order_id (or _subscription_id), razorpay_signature. */
export type SuccessResponse = Record<string, string>;

/** Why the modal closed, as `modal.ondismiss` receives it: nothing (the customer), a timeout, a failure. */
export type DismissReason = 'timeout' | { error: PaymentError };

/** The modal to checkout.js. */
export type FrameMessage =
  | { type: 'ready' }
  | { type: 'success'; response: SuccessResponse }
  | { type: 'failed'; response: { error: PaymentError } }
  | { type: 'dismiss'; reason?: DismissReason }
  | { type: 'redirect'; url: string; fields: Record<string, string> };

/** checkout.js to the modal. */
export interface OpenMessage {
  type: 'open';
  options: CheckoutOptions;
}

type Tagged<T> = T & { [TAG]: 1 };

export function tagged<T extends FrameMessage | OpenMessage>(message: T): Tagged<T> {
  return { ...message, [TAG]: 1 };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTextRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((item) => typeof item === 'string');
}

function isPaymentError(value: unknown): value is PaymentError {
  if (!isRecord(value)) return false;
  const texts = ['code', 'description', 'source', 'step', 'reason'];
  return (
    texts.every((name) => typeof value[name] === 'string') &&
    (value['field'] === undefined || typeof value['field'] === 'string') &&
    isTextRecord(value['metadata'])
  );
}

function isDismissReason(value: unknown): value is DismissReason | undefined {
  return (
    value === undefined ||
    value === 'timeout' ||
    (isRecord(value) && isPaymentError(value['error']))
  );
}

function isFrameMessage(data: Record<string, unknown>): boolean {
  switch (data['type']) {
    case 'ready':
      return true;
    case 'success':
      return isTextRecord(data['response']) && 'razorpay_payment_id' in data['response'];
    case 'failed':
      return isRecord(data['response']) && isPaymentError(data['response']['error']);
    case 'dismiss':
      return isDismissReason(data['reason']);
    case 'redirect':
      return typeof data['url'] === 'string' && isTextRecord(data['fields']);
    default:
      return false;
  }
}

/** A message from the modal, or null if the data is not one. */
export function readFrameMessage(data: unknown): FrameMessage | null {
  if (!isRecord(data) || data[TAG] !== 1 || !isFrameMessage(data)) return null;
  return data as unknown as FrameMessage;
}

/** An `open` message from checkout.js, or null. */
export function readOpenMessage(data: unknown): OpenMessage | null {
  if (!isRecord(data) || data[TAG] !== 1 || data['type'] !== 'open') return null;
  return isRecord(data['options']) ? (data as unknown as OpenMessage) : null;
}

/**
 * Whether a message event comes from the modal checkout.js opened: posted by that iframe's window,
 * from the origin the iframe was loaded from (another frame, or the same one after navigating
 * elsewhere, does not count).
 */
export function isFromFrame(
  event: { source: unknown; origin: string },
  frame: { window: unknown; origin: string },
): boolean {
  return frame.window !== null && event.source === frame.window && event.origin === frame.origin;
}

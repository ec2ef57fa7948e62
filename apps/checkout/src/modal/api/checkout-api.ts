import type { ApiError, ApiResult, PaymentAnswer, PaymentRequest, Preferences } from './api-types';

/**
 * The modal's calls to the platform: its own origin (the gateway that served it), the key id
 * only. No call carries a secret, and a card number travels only in the payment request's body.
 */

const UNREACHABLE: ApiError = {
  description: 'The payment service could not be reached. Check your connection and try again.',
};

function errorOf(body: unknown, status: number): ApiError {
  const error = (body as { error?: ApiError } | null)?.error;
  if (error && typeof error.description === 'string') return error;
  return { description: `The payment service answered ${status}. Please try again.` };
}

/** An answer later than this is given up on (the customer can try again). */
const TIMEOUT_MS = 30_000;

async function call<T>(path: string, init?: RequestInit): Promise<ApiResult<T>> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  let response: Response;
  try {
    const request = {
      credentials: 'omit' as const,
      cache: 'no-store' as const,
      signal: abort.signal,
    };
    response = await fetch(path, { ...request, ...init });
  } catch {
    return { ok: false, status: 0, error: UNREACHABLE };
  } finally {
    clearTimeout(timer);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && body !== null) return { ok: true, body: body as T };
  return { ok: false, status: response.status, error: errorOf(body, response.status) };
}

export function fetchPreferences(query: {
  key_id: string;
  order_id?: string;
  subscription_id?: string;
}): Promise<ApiResult<Preferences>> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  return call<Preferences>(`/v1/preferences?${params}`);
}

export function createPayment(request: PaymentRequest): Promise<ApiResult<PaymentAnswer>> {
  return call<PaymentAnswer>('/v1/checkout/payments', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
}

export function fetchPayment(paymentId: string, keyId: string): Promise<ApiResult<PaymentAnswer>> {
  const params = new URLSearchParams({ key_id: keyId });
  return call<PaymentAnswer>(`/v1/checkout/payments/${encodeURIComponent(paymentId)}?${params}`);
}

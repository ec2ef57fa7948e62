/**
 * The public API's error body: `{"error":{code, description, source, step, reason, metadata, field?}}`.
 * Every failure of every service and the gateway is written in this shape, so the official SDK can
 * always read it.
 */
export interface ErrorEnvelope {
  error: {
    code: 'BAD_REQUEST_ERROR' | 'SERVER_ERROR';
    /** @example "The id provided does not exist" */
    description: string;
    /**
     * @example "NA"
     * @example "business"
     */
    source: string;
    /** @example "NA" */
    step: string;
    /**
     * @example "NA"
     * @example "input_validation_failed"
     */
    reason: string;
    metadata: Record<string, unknown>;
    /** The request field at fault, when there is one. */
    field?: string;
  };
}

export const ErrorMessages = {
  urlNotFound: 'The requested URL was not found on the server.',
  authenticationFailed: 'The api key provided is invalid',
  serverError:
    'We are facing some trouble completing your request at the moment. Please try again shortly.',
  serviceUnavailable:
    'The service is temporarily unavailable. Please retry after the number of seconds in the Retry-After header.',
  tooManyRequests: 'Too many requests. Please retry after some time.',
  bodyTooLarge: 'The request body is too large.',
  invalidJson: 'The request body is not valid JSON.',
  unsupportedContentType: 'The request body must be JSON (Content-Type: application/json).',
} as const;

export interface EnvelopeOptions {
  field?: string;
  source?: string;
  step?: string;
  reason?: string;
  metadata?: Record<string, unknown>;
}

export function badRequest(description: string, options: EnvelopeOptions = {}): ErrorEnvelope {
  return envelope('BAD_REQUEST_ERROR', description, options);
}

export function serverError(): ErrorEnvelope {
  return envelope('SERVER_ERROR', ErrorMessages.serverError, {});
}

/**
 * The answer while a part of the platform is down: 503, with `Retry-After` set beside it; or one
 * that is missing, with what to do about it.
 */
export function serviceUnavailable(
  description: string = ErrorMessages.serviceUnavailable,
): ErrorEnvelope {
  return envelope('SERVER_ERROR', description, {
    reason: 'service_unavailable',
  });
}

function envelope(
  code: ErrorEnvelope['error']['code'],
  description: string,
  options: EnvelopeOptions,
): ErrorEnvelope {
  const error: ErrorEnvelope['error'] = {
    code,
    description,
    source: options.source ?? (options.field ? 'business' : 'NA'),
    step: options.step ?? 'NA',
    reason: options.reason ?? (options.field ? 'input_validation_failed' : 'NA'),
    metadata: options.metadata ?? {},
  };
  if (options.field) error.field = options.field;
  return { error };
}

import { HttpException } from '@nestjs/common';
import { DomainError } from '@platform/domain-kit';
import type { ErrorEnvelope } from './error-envelope';
import { badRequest, ErrorMessages, serverError, serviceUnavailable } from './error-envelope';
import { isDependencyUnavailable, RETRY_AFTER_SECONDS } from './dependency-unavailable';

export interface HttpFailure {
  status: number;
  body: ErrorEnvelope;
  /** A fault of ours, to be logged with its stack. */
  unexpected: boolean;
  /** Seconds for the `Retry-After` header (503s only). */
  retryAfterSeconds?: number;
}

/** Fastify's own errors (body parsing, limits) by code, mapped to what the API answers. */
const FASTIFY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ErrorMessages.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ErrorMessages.unsupportedContentType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ErrorMessages.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: ErrorMessages.invalidJson,
  FST_ERR_CTP_INVALID_JSON_BODY: ErrorMessages.invalidJson,
};

const FASTIFY_JSON_FAILURE = /content-type is set to 'application\/json'/;

/**
 * One place that decides the status and body of every failure: domain rules and bad input → 400
 * with a precise description, unknown routes → 400 "URL not found" (the public API's convention),
 * a dependency that cannot be reached (another service, PostgreSQL) → 503 with `Retry-After`,
 * anything else → 500 without details.
 */
export function toHttpFailure(error: unknown): HttpFailure {
  if (error instanceof DomainError)
    return failure(400, badRequest(error.description, { field: error.field, ...error.details }));
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code in FASTIFY_ERRORS)
    return failure(400, badRequest(FASTIFY_ERRORS[code]));
  if (error instanceof SyntaxError && 'body' in error)
    return failure(400, badRequest(ErrorMessages.invalidJson));
  if (error instanceof HttpException) {
    const status = error.getStatus();
    if (status === 404 || status === 405)
      return failure(400, badRequest(ErrorMessages.urlNotFound));
    if (status === 413) return failure(400, badRequest(ErrorMessages.bodyTooLarge));
    if (status === 415) return failure(400, badRequest(ErrorMessages.unsupportedContentType));
    if (status === 401) return failure(401, badRequest(ErrorMessages.authenticationFailed));
    // Nest re-throws Fastify's body-parser errors as plain HttpExceptions, without their code.
    if (status === 400 && FASTIFY_JSON_FAILURE.test(error.message))
      return failure(400, badRequest(ErrorMessages.invalidJson));
    if (status < 500) return failure(400, badRequest(error.message));
  }
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return failure(
      400,
      badRequest(statusCode === 404 ? ErrorMessages.urlNotFound : ErrorMessages.invalidJson),
    );
  }
  if (isDependencyUnavailable(error))
    return {
      status: 503,
      body: serviceUnavailable(),
      unexpected: false,
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    };
  return { status: 500, body: serverError(), unexpected: true };
}

function failure(status: number, body: ErrorEnvelope): HttpFailure {
  return { status, body, unexpected: false };
}

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { badRequest } from '@platform/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceConfig } from './config';

/** Path parameters longer than this are refused (ids are far shorter): Fastify's own limit. */
export const MAX_PATH_PARAMETER_LENGTH = 100;

const EdgeMessages = {
  parameterTooLong: `A path parameter is too long (at most ${MAX_PATH_PARAMETER_LENGTH} characters).`,
  badUrl: 'The requested URL is not valid.',
  headersTooLarge: 'The request headers are too large.',
  timeout: 'The request was not received in time.',
  malformed: 'The request is not valid HTTP.',
} as const;

/**
 * Errors Fastify meets while routing, before any hook or error handler runs (a path parameter over
 * the router's limit, a malformed percent-encoding): answered 400 in the envelope, never echoing
 * the URL as Fastify's own answer does.
 */
export function answerRoutingError(
  error: Error & { code?: string },
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const description =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? EdgeMessages.parameterTooLong : EdgeMessages.badUrl;
  void reply.status(400).send(badRequest(description));
}

/**
 * Errors Node's HTTP parser meets before there is a request at all: headers over the size limit
 * (431), a request not received in time (408) and malformed HTTP (400). The answer is written on the
 * socket in the envelope, then the connection is closed (the parser cannot go on).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  const description =
    status === 431
      ? EdgeMessages.headersTooLarge
      : status === 408
        ? EdgeMessages.timeout
        : EdgeMessages.malformed;
  const body = JSON.stringify(badRequest(description));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** How often Node looks for connections past their headers or request timeout (its default is 30 s). */
const TIMEOUT_CHECK_INTERVAL_MS = 500;

/**
 * The server's timeouts: slow headers, a slow body and an idle keep-alive connection each end a
 * connection instead of holding it open; a request not received in time is answered 408 in the
 * envelope (answerClientError). The headers are part of the request, so their timeout is at most
 * the request's.
 */
export function edgeTimeouts(config: ServiceConfig) {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(config.HTTP_HEADERS_TIMEOUT_MS, requestTimeout);
  return {
    requestTimeout,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout,
      requestTimeout,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
  };
}

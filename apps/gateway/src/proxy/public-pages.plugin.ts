import {
  badRequest,
  ContextHeaders,
  ErrorMessages,
  RETRY_AFTER_SECONDS,
  serviceUnavailable,
} from '@platform/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';
import { limitEachClientNetwork } from '../cache/client-network-limit';
import { answerFailure } from './answer-failure';
import { classifyUpstreamFailure, mayResend, requestUpstream } from './upstream-failure';

type PageService = 'billing' | 'payments';

/** A public page: served without a key, drawn by a service's internal route. */
export interface PublicPage {
  /** The public route, with one parameter, `:file`. */
  route: string;
  /** What `:file` must look like; its first group is the entity id (anything else: 400, as an unknown URL). */
  file: RegExp;
  service: PageService;
  /** The service's internal route for the id. */
  upstreamPath: (id: string) => string;
  /** A page with a form that posts back to it: the service's internal route that takes the form. */
  formPath?: (id: string) => string;
  /** For the log line of a failure. */
  what: string;
}

/**
 * What is public, as Razorpay's are: a QR code's image (printed and shared), a bill's receipt page, an
 * invoice's, a subscription's and a payment link's page (shared with the customer), and the test bank's page,
 * where the customer answers a test-mode payment's challenge in the checkout's frame. The ids are
 * unguessable; the services check the internal token.
 */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    route: '/qr/:file',
    file: /^(qr_[0-9A-Za-z]{14})\.png$/,
    service: 'payments',
    upstreamPath: (id) => `/internal/qr-codes/${id}/image.png`,
    what: 'QR image',
  },
  {
    route: '/bills/:file',
    file: /^(bill_[0-9A-Za-z]{14})$/,
    service: 'billing',
    upstreamPath: (id) => `/internal/bills/${id}/receipt.html`,
    what: 'bill receipt page',
  },
  {
    route: '/i/:file',
    file: /^(inv_[0-9A-Za-z]{14})$/,
    service: 'billing',
    upstreamPath: (id) => `/internal/invoices/${id}/page.html`,
    what: 'invoice page',
  },
  {
    route: '/s/:file',
    file: /^(sub_[0-9A-Za-z]{14})$/,
    service: 'billing',
    upstreamPath: (id) => `/internal/subscriptions/${id}/page.html`,
    what: 'subscription page',
  },
  {
    route: '/l/:file',
    file: /^(plink_[0-9A-Za-z]{14})$/,
    service: 'payments',
    upstreamPath: (id) => `/internal/payment-links/${id}/page.html`,
    what: 'payment link page',
  },
  {
    route: '/v1/checkout/test-bank/:file',
    file: /^(pay_[0-9A-Za-z]{14})$/,
    service: 'payments',
    upstreamPath: (id) => `/internal/test-bank/${id}/page.html`,
    formPath: (id) => `/internal/test-bank/${id}`,
    what: 'test bank page',
  },
];

/** A page's form: a few fields, never more. */
const FORM_LIMIT_BYTES = 16 * 1024;

/** The upstream headers a public page keeps. */
const PASSED_HEADERS = [
  'content-type',
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
];

export interface PublicPagesOptions {
  upstreams: Record<PageService, string>;
  internalToken: string;
  /** Requests to all the pages together per client network (address, IPv6 /64) per minute. */
  perAddressPerMinute: number;
}

/**
 * `GET` of each public page (and `POST` of its form), outside the key-checked /v1 API: the owning
 * service answers with the internal token. A form is passed on as it came, with its content type.
 * No key counts them, so each client network has a limit of its own.
 */
export async function publicPagesPlugin(
  fastify: FastifyInstance,
  options: PublicPagesOptions,
): Promise<void> {
  const pools = new Map<PageService, Pool>();
  const poolOf = (service: PageService): Pool => {
    let pool = pools.get(service);
    if (!pool)
      pools.set(
        service,
        (pool = new Pool(options.upstreams[service], { connections: 8, keepAliveTimeout: 60_000 })),
      );
    return pool;
  };
  fastify.addHook(
    'onClose',
    async () => void (await Promise.all([...pools.values()].map((pool) => pool.close()))),
  );
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: FORM_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );
  fastify.setErrorHandler((error, request, reply) => answerFailure(error, request, reply));
  limitEachClientNetwork(fastify, options.perAddressPerMinute);
  for (const page of PUBLIC_PAGES) {
    const served =
      (upstreamPath: (id: string) => string) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const match = page.file.exec((request.params as { file: string }).file);
        if (!match) return reply.status(400).send(badRequest(ErrorMessages.urlNotFound));
        return forwardPage(poolOf(page.service), request, reply, {
          path: upstreamPath(match[1]),
          internalToken: options.internalToken,
          what: page.what,
        });
      };
    fastify.get(page.route, served(page.upstreamPath));
    if (page.formPath) fastify.post(page.route, served(page.formPath));
  }
}

async function forwardPage(
  pool: Pool,
  request: FastifyRequest,
  reply: FastifyReply,
  target: { path: string; internalToken: string; what: string },
): Promise<FastifyReply> {
  const headers: Record<string, string> = {
    [ContextHeaders.internalToken]: target.internalToken,
    [ContextHeaders.requestId]: String(request.id),
  };
  const form = request.method === 'POST';
  if (form && request.headers['content-type'])
    headers['content-type'] = request.headers['content-type'];
  try {
    const upstream = await requestUpstream(
      pool,
      {
        method: form ? 'POST' : 'GET',
        path: target.path,
        headers,
        body: form ? (request.body as Buffer | undefined) : undefined,
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      },
      (failure) => mayResend(request.method, false, failure),
      request,
    );
    reply.status(upstream.statusCode);
    for (const name of PASSED_HEADERS) {
      const value = upstream.headers[name];
      if (typeof value === 'string') reply.header(name, value);
    }
    return reply.send(Buffer.from(await upstream.body.arrayBuffer()));
  } catch (error) {
    request.log.warn({ err: error }, `${target.what} request failed`);
    return reply
      .status(classifyUpstreamFailure(error).status)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send(serviceUnavailable());
  }
}

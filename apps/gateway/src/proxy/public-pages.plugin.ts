import {
  badRequest,
  ContextHeaders,
  ErrorMessages,
  RETRY_AFTER_SECONDS,
  serviceUnavailable,
} from '@platform/http';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'undici';
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
  /** For the log line of a failure. */
  what: string;
}

/**
 * What is public, as Razorpay's are: a QR code's image (printed and shared), a bill's receipt page, an
 * invoice's page and a subscription's page (shared with the customer). The ids are unguessable; the services check the internal token.
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
];

/** The upstream headers a public page keeps. */
const PASSED_HEADERS = [
  'content-type',
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
];

export interface PublicPagesOptions {
  upstreams: Record<PageService, string>;
  internalToken: string;
}

/** `GET` of each public page, outside the key-checked /v1 API: the owning service answers with the internal token. */
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
  for (const page of PUBLIC_PAGES) {
    fastify.get(page.route, async (request, reply) => {
      const match = page.file.exec((request.params as { file: string }).file);
      if (!match) return reply.status(400).send(badRequest(ErrorMessages.urlNotFound));
      try {
        const upstream = await requestUpstream(
          poolOf(page.service),
          {
            method: 'GET',
            path: page.upstreamPath(match[1]),
            headers: {
              [ContextHeaders.internalToken]: options.internalToken,
              [ContextHeaders.requestId]: String(request.id),
            },
            headersTimeout: 10_000,
            bodyTimeout: 10_000,
          },
          (failure) => mayResend('GET', false, failure),
          request,
        );
        reply.status(upstream.statusCode);
        for (const name of PASSED_HEADERS) {
          const value = upstream.headers[name];
          if (typeof value === 'string') reply.header(name, value);
        }
        return reply.send(Buffer.from(await upstream.body.arrayBuffer()));
      } catch (error) {
        request.log.warn({ err: error }, `${page.what} request failed`);
        return reply
          .status(classifyUpstreamFailure(error).status)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send(serviceUnavailable());
      }
    });
  }
}

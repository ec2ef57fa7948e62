import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Pool } from 'undici';
import { NetworkLimiter } from '../cache/network-limiter';
import { WindowLimiter } from '../cache/window-limiter';
import { registerIdempotentPosts } from '../idempotency/idempotent-posts';
import { answerFailure, tooManyRequests } from '../proxy/answer-failure';
import type { ServiceName } from '../proxy/route-table';
import type { CheckoutContext, CheckoutOptions } from './checkout-context';
import { readCheckoutBuild } from './checkout-files';
import { registerCheckoutFiles } from './checkout-file.routes';
import { registerCheckoutOperations } from './checkout-operation.routes';
import { registerHostedCheckout } from './hosted-checkout.routes';
import { registerPageOwners } from './page-owner.routes';
import { registerPaymentLinkCallback } from './payment-link-callback.routes';

/**
 * Checkout, what a customer's browser calls with the key id alone (never a secret): the operations
 * the document marks `x-key-id-only` (forwarded to their service, the answers signed with the key's
 * kept secret), the checkout app's files, Hosted Checkout, the pay pages' lookup and a payment link's callback. Every request
 * counts towards its client network's limit (an IPv4 address, an IPv6 /64); each key id has its own limit besides.
 */
export async function checkoutPlugin(
  fastify: FastifyInstance,
  options: CheckoutOptions,
): Promise<void> {
  const pools = new Map<ServiceName, Pool>();
  const context: CheckoutContext = {
    ...options,
    build: readCheckoutBuild(options.directory),
    perKey: new WindowLimiter({ max: options.limits.perKeyPerMinute, windowMs: 60_000 }),
    poolOf: (service) => {
      let pool = pools.get(service);
      if (!pool)
        pools.set(
          service,
          (pool = new Pool(options.upstreams[service], {
            connections: 16,
            keepAliveTimeout: 60_000,
          })),
        );
      return pool;
    },
  };
  fastify.addHook(
    'onClose',
    async () => void (await Promise.all([...pools.values()].map((pool) => pool.close()))),
  );
  // Bodies are read as bytes: forwarded as they came, read here only for key_id and the hosted form.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: options.bodyLimitBytes },
    (_request, body, done) => done(null, body),
  );
  fastify.decorateRequest('caller', null);
  fastify.decorateRequest('checkoutKey', null);
  fastify.setErrorHandler((error, request, reply) => answerFailure(error, request, reply));
  const perAddress = new NetworkLimiter({
    max: options.limits.perAddressPerMinute,
    windowMs: 60_000,
  });
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const retryAfterMs = perAddress.take(request.ip);
    if (retryAfterMs > 0) return void tooManyRequests(reply, retryAfterMs);
    done();
  });
  registerIdempotentPosts(fastify, options.idempotency);
  registerCheckoutOperations(fastify, context);
  registerCheckoutFiles(fastify, context);
  registerHostedCheckout(fastify, context);
  registerPageOwners(fastify, context);
  registerPaymentLinkCallback(fastify, context);
}

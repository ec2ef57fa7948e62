import type { FastifyInstance } from 'fastify';
import type { CheckoutKey } from '../account/api-key-registry';
import { forwardAsCaller } from '../proxy/forward';
import { signCheckoutAnswer } from '../simulator/checkout-signature';
import type { CheckoutContext } from './checkout-context';
import { PREFERENCES_PATH, SERVED_PREFERENCES_PATH } from './checkout-paths';
import { authenticateKeyId } from './key-id-auth';

/**
 * The key-id-only operations of the document, each forwarded to its service as the key's account
 * and mode (the same context headers as the key-pair API's). A successful answer carrying a payment
 * and its order or subscription is signed with the key's kept secret; the preferences also get the
 * merchant's name, which only the gateway knows.
 */
export function registerCheckoutOperations(
  fastify: FastifyInstance,
  context: CheckoutContext,
): void {
  const checks = { keys: context.keys, failures: context.failures, perKey: context.perKey };
  const facts = {
    internalToken: context.internalToken,
    clocks: context.clocks,
    features: context.features,
  };
  for (const route of context.routes) {
    const preferences = route.path === PREFERENCES_PATH;
    fastify.route({
      method: route.method,
      url: route.path,
      preValidation: (request, reply) => authenticateKeyId(checks, request, reply),
      handler: (request, reply) => {
        const key = request.checkoutKey as CheckoutKey;
        const secret = key.secret as string;
        return forwardAsCaller(context.poolOf(route.service), request, reply, facts, {
          path: preferences ? SERVED_PREFERENCES_PATH : undefined,
          rewrite: (answer) =>
            preferences
              ? { ...answer, merchant: { name: key.merchantName } }
              : signCheckoutAnswer(answer, secret),
        });
      },
    });
  }
}

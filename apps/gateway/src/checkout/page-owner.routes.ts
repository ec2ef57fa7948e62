import { NotFound, ValidationFailed } from '@platform/domain-kit';
import type { Mode } from '@platform/domain-kit';
import { ContextHeaders, RETRY_AFTER_SECONDS, serviceUnavailable } from '@platform/http';
import type { FastifyInstance } from 'fastify';
import type { CheckoutContext } from './checkout-context';
import { CHECKOUT_PATHS } from './checkout-paths';
import { classifyUpstreamFailure, mayResend, requestUpstream } from '../proxy/upstream-failure';

/** Billing's answer about a page: whose it is, and what paying it pays. */
interface PageOwner {
  account_id: string;
  mode: Mode;
  order_id?: string;
  subscription_id?: string;
}

/** What the pay page opens Checkout with. */
type PagePayment = { key_id: string } & ({ order_id: string } | { subscription_id: string });

const PAGE_ID = /^(inv|sub)_[0-9A-Za-z]{14}$/;
export const NO_SIGNING_KEY =
  'This page cannot take payments: the merchant has no active key that Checkout can sign payments with.';

/**
 * `GET /v1/checkout/pages/:id`: the key id and order (or subscription) an invoice's or a
 * subscription's page opens Checkout with. Public, as the pages are: billing says whose the page
 * is and whether it can take a payment (found by the id alone), and the gateway picks the newest
 * active key of that account and mode that can sign.
 */
export function registerPageOwners(fastify: FastifyInstance, context: CheckoutContext): void {
  fastify.get<{ Params: { id: string } }>(CHECKOUT_PATHS.pages, async (request, reply) => {
    const { id } = request.params;
    if (!PAGE_ID.test(id)) throw new NotFound();
    let upstream;
    try {
      upstream = await requestUpstream(
        context.poolOf('billing'),
        {
          method: 'GET',
          path: `/internal/checkout-pages/${id}`,
          headers: {
            [ContextHeaders.internalToken]: context.internalToken,
            [ContextHeaders.requestId]: String(request.id),
          },
          headersTimeout: 10_000,
          bodyTimeout: 10_000,
        },
        (failure) => mayResend('GET', false, failure),
        request,
      );
    } catch (error) {
      request.log.warn({ err: error }, 'page owner request failed');
      return reply
        .status(classifyUpstreamFailure(error).status)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(serviceUnavailable());
    }
    // A page that does not exist or cannot take payments: billing's envelope says which.
    if (upstream.statusCode !== 200)
      return reply
        .status(upstream.statusCode)
        .type('application/json')
        .send(Buffer.from(await upstream.body.arrayBuffer()));
    const owner = (await upstream.body.json()) as PageOwner;
    const keyId = await context.keys.signingKeyOf(owner.account_id, owner.mode);
    if (!keyId) throw new ValidationFailed(NO_SIGNING_KEY);
    const payment: PagePayment = owner.order_id
      ? { key_id: keyId, order_id: owner.order_id }
      : { key_id: keyId, subscription_id: owner.subscription_id as string };
    return payment;
  });
}

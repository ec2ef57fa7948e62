import { IllegalTransition, NotFound, ValidationFailed } from '@platform/domain-kit';
import type { Mode } from '@platform/domain-kit';
import { ContextHeaders, RETRY_AFTER_SECONDS, serviceUnavailable } from '@platform/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CheckoutContext } from './checkout-context';
import { CHECKOUT_PATHS } from './checkout-paths';
import { payableLink, type PaymentLinkCheckout } from './payment-link-page';
import { classifyUpstreamFailure, mayResend, requestUpstream } from '../proxy/upstream-failure';
import type { ServiceName } from '../proxy/route-table';

/** Billing's answer about a page: whose it is, and what paying it pays. */
interface PageOwner {
  account_id: string;
  mode: Mode;
  order_id?: string;
  subscription_id?: string;
}

/** What the pay page opens Checkout with. */
type PagePayment = { key_id: string } & ({ order_id: string } | { subscription_id: string });

const PAGE_ID = /^(inv|sub|plink)_[0-9A-Za-z]{14}$/;
export const NO_SIGNING_KEY =
  'This page cannot take payments: the merchant has no active key that Checkout can sign payments with.';

/** An upstream's answer: its JSON (200), or the reply already sent (its refusal, or a 503). */
export async function askUpstream<T>(
  context: CheckoutContext,
  service: ServiceName,
  path: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ answer: T } | { sent: FastifyReply }> {
  let upstream;
  try {
    upstream = await requestUpstream(
      context.poolOf(service),
      {
        method: 'GET',
        path,
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
    return {
      sent: reply
        .status(classifyUpstreamFailure(error).status)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(serviceUnavailable()),
    };
  }
  // A page that does not exist or cannot take payments: the service's envelope says which.
  if (upstream.statusCode !== 200)
    return {
      sent: reply
        .status(upstream.statusCode)
        .type('application/json')
        .send(Buffer.from(await upstream.body.arrayBuffer())),
    };
  return { answer: (await upstream.body.json()) as T };
}

/**
 * `GET /v1/checkout/pages/:id`: the key id and order (or subscription) an invoice's, a
 * subscription's or a payment link's page opens Checkout with. Public, as the pages are: billing
 * (invoices, subscriptions) or payments (links) says whose the page is and whether it can take a
 * payment (found by the id alone), and the gateway picks the key: a link's own key while it can
 * sign, else the newest active key of that account and mode that can.
 */
export function registerPageOwners(fastify: FastifyInstance, context: CheckoutContext): void {
  fastify.get<{ Params: { id: string } }>(CHECKOUT_PATHS.pages, async (request, reply) => {
    const { id } = request.params;
    if (!PAGE_ID.test(id)) throw new NotFound();
    if (id.startsWith('plink_')) {
      const asked = await askUpstream<PaymentLinkCheckout>(
        context,
        'payments',
        `/internal/payment-links/${id}/checkout`,
        request,
        reply,
      );
      if ('sent' in asked) return asked.sent;
      const refusal = payableLink(asked.answer);
      if (refusal) throw new IllegalTransition(refusal);
      const linkKey = await context.keys.checkoutKey(asked.answer.key_id);
      const keyId = linkKey?.secret
        ? linkKey.keyId
        : await context.keys.signingKeyOf(asked.answer.account_id, asked.answer.mode);
      if (!keyId) throw new ValidationFailed(NO_SIGNING_KEY);
      return { key_id: keyId, order_id: asked.answer.order_id } satisfies PagePayment;
    }
    const asked = await askUpstream<PageOwner>(
      context,
      'billing',
      `/internal/checkout-pages/${id}`,
      request,
      reply,
    );
    if ('sent' in asked) return asked.sent;
    const owner = asked.answer;
    const keyId = await context.keys.signingKeyOf(owner.account_id, owner.mode);
    if (!keyId) throw new ValidationFailed(NO_SIGNING_KEY);
    const payment: PagePayment = owner.order_id
      ? { key_id: keyId, order_id: owner.order_id }
      : { key_id: keyId, subscription_id: owner.subscription_id as string };
    return payment;
  });
}

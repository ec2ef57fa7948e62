import { NotFound, ValidationFailed } from '@platform/domain-kit';
import type { FastifyInstance } from 'fastify';
import type { CheckoutContext } from './checkout-context';
import { CHECKOUT_PATHS } from './checkout-paths';
import { askUpstream, NO_SIGNING_KEY } from './page-owner.routes';
import { linkCallbackUrl, type PaymentLinkCheckout } from './payment-link-page';

const LINK_ID = /^plink_[0-9A-Za-z]{14}$/;
export const NOT_PAID_ON_LINK = 'The payment was not made on this payment link.';

/**
 * `GET /v1/checkout/pages/:id/callback?razorpay_payment_id=…`: where a payment link's page sends the
 * customer once Checkout took the payment. A payment the link counted is redirected (303) to the
 * link's `callback_url` with the signed result, signed here with the secret the gateway keeps for
 * the link's key (else for the account's newest key that can sign); without a callback_url, back to
 * the link's page, which then shows it paid. Public, as the page is; a payment of another link or
 * of none is refused, so nothing is ever signed for it.
 */
export function registerPaymentLinkCallback(
  fastify: FastifyInstance,
  context: CheckoutContext,
): void {
  fastify.get<{ Params: { id: string }; Querystring: { razorpay_payment_id?: unknown } }>(
    CHECKOUT_PATHS.pageCallback,
    async (request, reply) => {
      const { id } = request.params;
      if (!LINK_ID.test(id)) throw new NotFound();
      const paymentId = request.query.razorpay_payment_id;
      const asked = await askUpstream<PaymentLinkCheckout>(
        context,
        'payments',
        `/internal/payment-links/${id}/checkout`,
        request,
        reply,
      );
      if ('sent' in asked) return asked.sent;
      const link = asked.answer;
      if (typeof paymentId !== 'string' || !link.payment_ids.includes(paymentId))
        throw new ValidationFailed(NOT_PAID_ON_LINK, 'razorpay_payment_id');
      if (link.callback_url === null) return reply.redirect(`/l/${id}`, 303);
      const secret = await signingSecret(context, link);
      if (!secret) throw new ValidationFailed(NO_SIGNING_KEY);
      return reply.redirect(
        linkCallbackUrl({ ...link, callback_url: link.callback_url }, id, paymentId, secret),
        303,
      );
    },
  );
}

async function signingSecret(
  context: CheckoutContext,
  link: PaymentLinkCheckout,
): Promise<string | null> {
  const own = await context.keys.checkoutKey(link.key_id);
  if (own?.secret) return own.secret;
  const newest = await context.keys.signingKeyOf(link.account_id, link.mode);
  return newest ? ((await context.keys.checkoutKey(newest))?.secret ?? null) : null;
}

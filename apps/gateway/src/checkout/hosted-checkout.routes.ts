import type { FastifyInstance, FastifyReply } from 'fastify';
import { tooManyRequests } from '../proxy/answer-failure';
import { MODAL_PAGE } from './checkout-files';
import { notBuilt } from './checkout-file.routes';
import type { CheckoutContext } from './checkout-context';
import { CHECKOUT_PATHS } from './checkout-paths';
import { callbackOrigin, hostedPage, readHostedForm } from './hosted-checkout';
import { NO_SIGNING_SECRET } from './key-id-auth';
import { MESSAGE_PAGE_HEADERS, messagePage, modalPolicy } from './modal-page';

const CANNOT_OPEN = 'This checkout cannot open';
const UNKNOWN_KEY = 'key_id is not the key id of an active key.';

/**
 * `POST /v1/checkout/embedded`: the modal page as a whole page, the posted fields as its options.
 * Its forms may post only to callback_url's origin, and it may not be framed. What is wrong with the
 * form (every missing or malformed field, an unknown key) is answered as a page that says so; an
 * unknown key counts as a failed authentication. Limits refuse as everywhere: 429 in the envelope.
 */
export function registerHostedCheckout(fastify: FastifyInstance, context: CheckoutContext): void {
  fastify.post(CHECKOUT_PATHS.embedded, async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
    const form = readHostedForm(body);
    if ('problems' in form) return refuse(reply, 400, form.problems);
    const { options } = form;
    const waitMs = context.failures.retryAfterMs(request.ip);
    if (waitMs > 0) return tooManyRequests(reply, waitMs);
    const key = await context.keys.checkoutKey(options.key);
    if (!key) {
      context.failures.count(request.ip);
      return refuse(reply, 400, [UNKNOWN_KEY]);
    }
    if (key.secret === null) return refuse(reply, 400, [NO_SIGNING_SECRET]);
    const keyWaitMs = context.perKey.take(key.keyId);
    if (keyWaitMs > 0) return tooManyRequests(reply, keyWaitMs);
    const modal = context.build.get(MODAL_PAGE);
    const page = modal && hostedPage(modal.body.toString('utf8'), options);
    if (!page) return notBuilt(reply, true);
    return reply
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': modalPolicy(callbackOrigin(options), "'none'"),
        'x-content-type-options': 'nosniff',
      })
      .send(page);
  });
}

function refuse(
  reply: FastifyReply,
  status: 400 | 429,
  problems: readonly string[],
  retryAfterMs = 0,
): FastifyReply {
  if (retryAfterMs > 0) reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
  return reply
    .status(status)
    .headers(MESSAGE_PAGE_HEADERS)
    .send(messagePage(CANNOT_OPEN, problems));
}

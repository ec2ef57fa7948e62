import { badRequest, ErrorMessages, serviceUnavailable } from '@platform/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CheckoutContext } from './checkout-context';
import {
  CHECKOUT_ASSETS,
  CHECKOUT_NOT_BUILT,
  CHECKOUT_SCRIPT,
  MODAL_PAGE,
  sendBuiltFile,
} from './checkout-files';
import { CHECKOUT_PATHS } from './checkout-paths';
import { MESSAGE_PAGE_HEADERS, messagePage, modalPolicy } from './modal-page';

/** The modal checkout.js opens: framed by any merchant's page, its outcome told by postMessage, never posted. */
const MODAL_HEADERS = { 'content-security-policy': modalPolicy("'none'", '*') };

/** checkout.js (at both its paths), the modal page and the named assets of the checkout app's build. */
export function registerCheckoutFiles(fastify: FastifyInstance, context: CheckoutContext): void {
  const serve =
    (name: string, headers?: Record<string, string>) =>
    (request: FastifyRequest, reply: FastifyReply) => {
      const file = context.build.get(name);
      if (!file) return notBuilt(reply, name === MODAL_PAGE);
      return sendBuiltFile(request, reply, file, headers);
    };
  fastify.get(CHECKOUT_PATHS.script, serve(CHECKOUT_SCRIPT));
  fastify.get(CHECKOUT_PATHS.scriptAlias, serve(CHECKOUT_SCRIPT));
  fastify.get(CHECKOUT_PATHS.frame, serve(MODAL_PAGE, MODAL_HEADERS));
  const assets = new Map(CHECKOUT_ASSETS.map((name) => [name as string, serve(name)]));
  fastify.get<{ Params: { file: string } }>(CHECKOUT_PATHS.assets, (request, reply) => {
    const asset = assets.get(request.params.file);
    if (!asset) return reply.status(404).send(badRequest(ErrorMessages.urlNotFound));
    return asset(request, reply);
  });
}

/** 503 saying how to build it: a page where a browser shows pages, else the envelope. */
export function notBuilt(reply: FastifyReply, page: boolean): FastifyReply {
  reply.status(503);
  if (!page)
    return reply.header('cache-control', 'no-store').send(serviceUnavailable(CHECKOUT_NOT_BUILT));
  return reply
    .headers(MESSAGE_PAGE_HEADERS)
    .send(messagePage('Checkout is not available', [CHECKOUT_NOT_BUILT]));
}

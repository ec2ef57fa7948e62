import { badRequest, ContextHeaders, ErrorMessages, serverError } from '@platform/http';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'undici';

export interface QrImagesOptions {
  paymentsUrl: string;
  internalToken: string;
}

const QR_IMAGE = /^(qr_[0-9A-Za-z]{14})\.png$/;

/**
 * `GET /qr/<qr code id>.png`: the image a QR code's `image_url` points at. Public, as Razorpay's
 * are (the image is printed and shared; its id is unguessable), so outside the key-checked /v1 API;
 * the payments service draws it.
 */
export async function qrImagesPlugin(fastify: FastifyInstance, options: QrImagesOptions): Promise<void> {
  const pool = new Pool(options.paymentsUrl, { connections: 8, keepAliveTimeout: 60_000 });
  fastify.addHook('onClose', async () => pool.close());
  fastify.get('/qr/:file', async (request, reply) => {
    const match = QR_IMAGE.exec((request.params as { file: string }).file);
    if (!match) return reply.status(400).send(badRequest(ErrorMessages.urlNotFound));
    try {
      const upstream = await pool.request({
        method: 'GET',
        path: `/internal/qr-codes/${match[1]}/image.png`,
        headers: { [ContextHeaders.internalToken]: options.internalToken, [ContextHeaders.requestId]: String(request.id) },
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      reply.status(upstream.statusCode);
      for (const name of ['content-type', 'cache-control']) {
        const value = upstream.headers[name];
        if (typeof value === 'string') reply.header(name, value);
      }
      return reply.send(Buffer.from(await upstream.body.arrayBuffer()));
    } catch (error) {
      request.log.error({ err: error }, 'QR image request failed');
      return reply.status(502).send(serverError());
    }
  });
}

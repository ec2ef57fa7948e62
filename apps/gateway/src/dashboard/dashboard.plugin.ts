import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { badRequest, ErrorMessages } from '@platform/http';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface DashboardOptions {
  /** The built dashboard (`npx nx run dashboard:build` writes dist/apps/dashboard). */
  directory: string;
}

export const DASHBOARD_NOT_BUILT =
  'The dashboard is not built: run `npx nx run dashboard:build` (npm start builds it), or set DASHBOARD_DIR to where it was built.';

/**
 * The page may load only its own bundle and stylesheet, call only its own origin (the public API),
 * show images from it (QR codes) and never be framed: the key pair it holds stays with it.
 */
export const DASHBOARD_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/**
 * `/dashboard`: the merchant dashboard's static files, outside the key-checked API (the page signs its
 * own API calls). Its pages are addressed by the URL fragment, so any other path under /dashboard that
 * is not a file answers index.html too; a missing asset is a 404.
 */
export async function dashboardPlugin(
  fastify: FastifyInstance,
  options: DashboardOptions,
): Promise<void> {
  const root = resolve(options.directory);
  if (!existsSync(join(root, 'index.html'))) {
    const notBuilt = (_request: unknown, reply: FastifyReply) =>
      reply.status(404).send(badRequest(DASHBOARD_NOT_BUILT));
    fastify.get('/dashboard', notBuilt);
    fastify.get('/dashboard/*', notBuilt);
    return;
  }
  // The build does not change while the gateway runs: its file list is read once.
  const files = new Set(filesUnder(root));
  await fastify.register(fastifyStatic, { root, serve: false });
  fastify.addHook('onSend', async (_request, reply) => void reply.headers(DASHBOARD_HEADERS));
  const page = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  fastify.get('/dashboard', (_request, reply) => page(reply));
  fastify.get<{ Params: { '*': string } }>('/dashboard/*', (request, reply) => {
    const path = request.params['*'];
    // Vite names every asset by its content hash: it can be cached for good.
    if (files.has(path)) return reply.sendFile(path, { immutable: true, maxAge: '365d' });
    if (path.startsWith('assets/'))
      return reply.status(404).send(badRequest(ErrorMessages.urlNotFound));
    return page(reply);
  });
}

function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the checkout app's build holds (apps/checkout writes them with these fixed names). */
export const CHECKOUT_SCRIPT = 'checkout.js';
export const MODAL_PAGE = 'frame.html';
/** The files served under /v1/checkout/assets/, and no others. */
export const CHECKOUT_ASSETS = ['frame.js', 'frame.css', 'pay-page.js'] as const;

export const CHECKOUT_NOT_BUILT =
  'Checkout is not built: run `npx nx run checkout:build` (npm start builds it), or set CHECKOUT_DIR to where it was built.';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

export interface BuiltFile {
  body: Buffer;
  type: string;
  /** A strong validator: the names carry no hash, so browsers revalidate with it. */
  etag: string;
}

/**
 * The build's files, read once (the build does not change while the gateway runs); a file the build
 * lacks is absent, and its routes answer 503 saying how to build it.
 */
export function readCheckoutBuild(directory: string): Map<string, BuiltFile> {
  const root = resolve(directory);
  const files = new Map<string, BuiltFile>();
  for (const name of [CHECKOUT_SCRIPT, MODAL_PAGE, ...CHECKOUT_ASSETS]) {
    const path = join(root, name);
    if (!existsSync(path)) continue;
    const body = readFileSync(path);
    const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    files.set(name, { body, type: TYPES[extname(name)], etag: `"${digest}"` });
  }
  return files;
}

/** Every file: its type is what it says it is. */
const FILE_HEADERS = { 'x-content-type-options': 'nosniff' };

/**
 * Answers the file with its validator: 304 to a browser that holds this very version. Scripts and
 * styles may be reused for five minutes before asking; a page is asked for every time.
 */
export function sendBuiltFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: BuiltFile,
  headers: Record<string, string> = {},
): FastifyReply {
  const page = file.type.startsWith('text/html');
  reply
    .headers({ ...FILE_HEADERS, ...headers })
    .header('cache-control', page ? 'no-cache' : 'public, max-age=300')
    .header('etag', file.etag);
  if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  return reply.type(file.type).send(file.body);
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asyncApiDocument } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import { eventsPage } from './events-page';
import { publishedDocument } from './generated-document';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'application/javascript; charset=utf-8',
};

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Payments platform API</title><link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script><script src="/docs/swagger-ui-standalone-preset.js"></script>
<script src="/docs/swagger-init.js"></script>
</body></html>`;

/** Swagger UI's start, a file of its own: the page's policy runs no inline script. No validator badge (it would load from validator.swagger.io). */
const INIT_SCRIPT = `window.onload = () => { window.ui = SwaggerUIBundle({ url: '/docs/openapi.json', dom_id: '#ui', validatorUrl: null, presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' }); };\n`;

/**
 * Every answer under /docs: scripts, styles, images and calls from this origin only (Swagger UI's
 * styles set inline as well, its "Try it out" calls to this API), no forms, never framed, sent with
 * no referrer, its types as declared.
 */
export const DOCS_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/**
 * `/docs`: Swagger UI (served from swagger-ui-dist), `/docs/openapi.json`: the document;
 * `/docs/asyncapi.json`: the topics' AsyncAPI document, `/docs/events`: the same as a page. No
 * credentials needed.
 */
export async function docsPlugin(fastify: FastifyInstance): Promise<void> {
  const document = publishedDocument();
  const events = asyncApiDocument();
  const asyncApi = JSON.stringify(events);
  const eventsHtml = eventsPage(events);
  const assetsDir: string = require('swagger-ui-dist').getAbsoluteFSPath();
  const assets = new Map(
    Object.entries(ASSETS).map(([file, type]) => [
      file,
      { type, body: readFileSync(join(assetsDir, file)) },
    ]),
  );
  // This plugin's own routes only (it is not wrapped with fastify-plugin).
  fastify.addHook('onSend', async (_request, reply) => void reply.headers(DOCS_HEADERS));
  fastify.get('/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(PAGE),
  );
  fastify.get('/docs/openapi.json', async (_request, reply) =>
    reply.type('application/json').send(document),
  );
  fastify.get('/docs/asyncapi.json', async (_request, reply) =>
    reply.type('application/json').send(asyncApi),
  );
  fastify.get('/docs/events', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(eventsHtml),
  );
  fastify.get('/docs/swagger-init.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').send(INIT_SCRIPT),
  );
  fastify.get<{ Params: { file: string } }>('/docs/:file', async (request, reply) => {
    const asset = assets.get(request.params.file);
    if (!asset) return reply.callNotFound();
    return reply.type(asset.type).header('cache-control', 'public, max-age=86400').send(asset.body);
  });
}

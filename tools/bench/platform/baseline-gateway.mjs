// Baseline API gateway: HTTP Basic auth against an in-memory key map, then a plain proxy hop over an
// undici Pool. This is the least a gateway can do, so it sets the ceiling for the real one.
import Fastify from 'fastify';
import { Pool } from 'undici';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

const sha256 = (text) => createHash('sha256').update(text).digest();
// Compared against when the key id is unknown, so a miss costs the same as a wrong secret.
const DUMMY_HASH = sha256(randomBytes(32));

// Razorpay's error envelope
const envelope = (code, description) => ({
  error: { code, description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
});
const UNAUTHORIZED = envelope('BAD_REQUEST_ERROR', 'Authentication failed');

export async function startBaselineGateway({ port = 0, upstream, keys }) {
  // key id -> { secret hash, account, mode }; only hashes are held in memory
  const keyMap = new Map(keys.map(({ secret, ...k }) => [k.keyId, { ...k, hash: sha256(secret) }]));

  function authenticate(header) {
    if (typeof header !== 'string' || !header.startsWith('Basic ')) return null;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const key = keyMap.get(decoded.slice(0, colon));
    const matches = timingSafeEqual(sha256(decoded.slice(colon + 1)), key ? key.hash : DUMMY_HASH);
    return key && matches ? key : null;
  }

  // 50 keep-alive connections, no pipelining: one request per upstream connection at a time.
  const pool = new Pool(upstream, { connections: 50, pipelining: 1, keepAliveTimeout: 60_000 });

  const app = Fastify({ logger: false, genReqId: () => randomUUID() });
  // Keep request bodies as raw buffers, whatever the content type: the gateway never parses them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.all('/*', async (req, reply) => {
    const key = authenticate(req.headers.authorization);
    if (!key)
      return reply.code(401).header('www-authenticate', 'Basic realm="api"').send(UNAUTHORIZED);

    // Forward only what the services need; everything else (cookies, user agent, ...) stays here.
    const headers = {
      'x-account-id': key.accountId,
      'x-mode': key.mode,
      'x-key-id': key.keyId,
      'x-request-id': req.id,
    };
    if (req.headers['content-type']) headers['content-type'] = req.headers['content-type'];
    try {
      const res = await pool.request({
        method: req.method,
        path: req.url, // path and query string, as received
        headers,
        body: req.body?.length ? req.body : undefined,
      });
      const body = Buffer.from(await res.body.arrayBuffer());
      reply.code(res.statusCode);
      if (res.headers['content-type']) reply.header('content-type', res.headers['content-type']);
      return reply.send(body);
    } catch {
      return reply.code(502).send(envelope('SERVER_ERROR', 'Upstream unavailable'));
    }
  });

  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${app.server.address().port}`,
    async close() {
      await app.close();
      await pool.close();
    },
  };
}

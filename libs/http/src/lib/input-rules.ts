import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest } from './error-envelope';

/**
 * Rules every request's input meets before any route sees it, whatever the route: JSON bodies are
 * at most MAX_JSON_DEPTH deep (validating deeper ones overflows the stack), and no text (path
 * parameter, query value, body string or key) holds a NUL or a lone UTF-16 surrogate, which
 * PostgreSQL cannot store.
 */
export const MAX_JSON_DEPTH = 32;

/** A surrogate half without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** The first `max` characters (code points) of a text: never cuts a surrogate pair (an emoji) in two. */
export function firstCharacters(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : characters.slice(0, max).join('');
}

/**
 * The field of the first value nested deeper than `maxDepth` (its top-level key, or `body` for a
 * top-level array), or null. Stops descending at the limit, so it never recurses deeper itself.
 */
export function tooDeepField(value: unknown, maxDepth = MAX_JSON_DEPTH): string | null {
  if (!isContainer(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    if (exceeds(child, maxDepth - 1)) return Array.isArray(value) ? 'body' : key;
  }
  return null;
}

function exceeds(value: unknown, depthLeft: number): boolean {
  if (!isContainer(value)) return false;
  if (depthLeft <= 0) return true;
  return Object.values(value).some((child) => exceeds(child, depthLeft - 1));
}

/**
 * The dotted path of the first string or key that cannot be stored (see isStorableText), or null.
 * `skip` names a top-level key left unchecked.
 */
export function unstorableField(value: unknown, path: string, skip?: string): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path || 'body';
  if (!isContainer(value)) return null;
  // Keys, not entries: every request passes here, and entries allocate a pair per key.
  for (const key of Object.keys(value)) {
    if (key === skip) continue;
    const childPath = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return childPath;
    const found = unstorableField((value as Record<string, unknown>)[key], childPath);
    if (found) return found;
  }
  return null;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null && !Buffer.isBuffer(value);
}

/**
 * Installs the rules on an app, after the body is parsed and before anything validates it (Fastify
 * parses JSON without recursion and refuses `__proto__` and `constructor.prototype` keys; class-
 * validator and class-transformer recurse, so depth is checked first). A request breaking a rule
 * is answered 400 naming the field. A gateway's wildcard path (`*`) is not checked here: the
 * service it reaches names the parameter.
 */
export function enforceInputRules(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request, reply, done) => {
    const deep = tooDeepField(request.body);
    if (deep)
      return refuse(
        reply,
        deep,
        `The ${deep} field is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
      );
    const field =
      unstorableField(request.params, '', '*') ??
      unstorableField(request.query, '') ??
      unstorableField(request.body, '');
    if (field)
      return refuse(
        reply,
        field,
        `The ${field} field may not contain NUL characters or unpaired UTF-16 surrogates.`,
      );
    done();
  });
}

function refuse(reply: FastifyReply, field: string, description: string): void {
  void reply.status(400).send(badRequest(description, { field }));
}

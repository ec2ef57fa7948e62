import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { readAsOf } from '@platform/event-store';
import type { Database } from '@platform/event-store';
import {
  badRequest,
  ErrorMessages,
  MAX_UNIX_TIME,
  readRequestContext,
  toHttpFailure,
} from '@platform/http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { AsOfReadGate, DEFAULT_AS_OF_READ_BOUNDS } from './as-of-read-gate';
import type { EntityHistoryOptions } from './public-event';

const UNIX_SECONDS = /^\d{1,12}$/;

/** `as_of` as given: unix seconds, an integer from 0 to MAX_UNIX_TIME. */
export function asOfSeconds(value: unknown): number {
  const seconds = typeof value === 'string' && UNIX_SECONDS.test(value) ? Number(value) : NaN;
  if (!(seconds <= MAX_UNIX_TIME))
    throw new ValidationFailed('The as_of must be an integer (unix seconds).', 'as_of');
  return seconds;
}

/** Which paths `as_of` applies to, on GET: one entity by its id (`/v1/<resource>/:id`, or `{id}`). */
export function readsOneEntity(path: string): boolean {
  return path.endsWith('/:id') || path.endsWith('/{id}');
}

function isEntityRead(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.includes('GET') && readsOneEntity(route.url);
}

/** How the OpenAPI document describes `as_of`, which it adds to every read of one entity. */
export const AS_OF_PARAMETER = {
  name: 'as_of',
  in: 'query',
  required: false,
  description:
    'The entity as it was at the end of this second (Unix seconds, on the account’s clock), folded from its own events. An entity that did not exist yet is answered like an unknown id: 400 "The id provided does not exist". Anything but an integer from 0 to ' +
    `${MAX_UNIX_TIME} is refused: 400 "The as_of must be an integer (unix seconds)." (field \`as_of\`). ` +
    `An account's such reads run at most ${DEFAULT_AS_OF_READ_BOUNDS.perAccount} at once per service (${DEFAULT_AS_OF_READ_BOUNDS.inService} for all accounts), the others waiting their turn; ` +
    `past ${DEFAULT_AS_OF_READ_BOUNDS.queuedPerAccount} waiting, one more is answered 429 with \`Retry-After: 1\`. Long histories read by one key cannot slow other accounts.`,
  schema: { type: 'integer', minimum: 0, maximum: MAX_UNIX_TIME },
};

/**
 * `?as_of=<unix seconds>` on any GET of an entity by id: the same handler, query and rendering as
 * without it, run against the entity folded from its own events up to that second (see readAsOf);
 * an entity that did not exist yet is answered like an unknown id.
 *
 * It wraps those routes' handlers as Nest registers them in Fastify (`onRoute`), instead of being a
 * global Nest interceptor: one of those puts Nest's interceptor chain (rxjs, AsyncResource.bind) on
 * every request of the service, which a profile of payment + capture put at 5–6 % of the payments
 * and billing services' CPU, for a parameter almost no request carries. Here a request without
 * `as_of` pays one property read. EntityHistoryModule calls it when the app is built, before Nest
 * registers its routes (at init). The reads run through `gate` (AsOfReadGate): one account's burst
 * of them waits for the account's own slots instead of taking the connections other accounts need.
 */
export function serveAsOfReads(
  fastify: FastifyInstance,
  database: Database,
  options: EntityHistoryOptions,
  gate: AsOfReadGate = new AsOfReadGate(),
): void {
  fastify.addHook('onRoute', (route) => {
    if (!isEntityRead(route)) return;
    const live = route.handler;
    route.handler = function asOfOrLive(request, reply) {
      const asOf = (request.query as Record<string, unknown> | undefined)?.as_of;
      if (asOf === undefined) return live.call(this, request, reply);
      return answerAsOf(() => live.call(this, request, reply), request, reply, asOf, {
        database,
        options,
        gate,
      });
    } as RouteHandlerMethod;
  });
}

async function answerAsOf(
  live: () => unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  asOf: unknown,
  {
    database,
    options,
    gate,
  }: { database: Database; options: EntityHistoryOptions; gate: AsOfReadGate },
): Promise<unknown> {
  try {
    const seconds = asOfSeconds(asOf);
    const caller = readRequestContext(request);
    if (!caller) return await live();
    const id = (request.params as { id: string }).id;
    // The handler answers inside the read (Nest sends the reply, or its error, itself).
    const read = await gate.run(`${caller.accountId}|${caller.mode}`, () =>
      readAsOf(database, options, caller, id, seconds, async () => {
        await live();
      }),
    );
    if (!read)
      return reply
        .code(429)
        .header('retry-after', '1')
        .send(badRequest(ErrorMessages.tooManyRequests));
    if (!read.value) throw new NotFound();
    return reply;
  } catch (error) {
    if (reply.sent) return reply;
    const failure = toHttpFailure(error);
    return reply.code(failure.status).send(failure.body);
  }
}

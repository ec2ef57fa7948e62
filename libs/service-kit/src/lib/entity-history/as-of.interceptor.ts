import { Inject, Injectable } from '@nestjs/common';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { Database, readAsOf } from '@platform/event-store';
import { MAX_UNIX_TIME, readRequestContext } from '@platform/http';
import type { FastifyRequest } from 'fastify';
import { from, lastValueFrom } from 'rxjs';
import type { Observable } from 'rxjs';
import { ENTITY_HISTORY_OPTIONS } from './entity-events.controller';
import type { EntityHistoryOptions } from './public-event';

const UNIX_SECONDS = /^\d{1,12}$/;

/** `as_of` as given: unix seconds, an integer from 0 to MAX_UNIX_TIME. */
export function asOfSeconds(value: unknown): number {
  const seconds = typeof value === 'string' && UNIX_SECONDS.test(value) ? Number(value) : NaN;
  if (!(seconds <= MAX_UNIX_TIME))
    throw new ValidationFailed('The as_of must be an integer (unix seconds).', 'as_of');
  return seconds;
}

/** Which requests `as_of` applies to: every GET of one entity by its id (`/v1/<resource>/:id`). */
function isEntityRead(request: FastifyRequest): boolean {
  return request.method === 'GET' && (request.routeOptions.url ?? '').endsWith('/:id');
}

/**
 * `?as_of=<unix seconds>` on any GET of an entity by id: the same handler, query and rendering as
 * today, run against the entity folded from its own events up to that second (see readAsOf). An
 * entity that did not exist yet is answered like an unknown id.
 */
@Injectable()
export class AsOfInterceptor implements NestInterceptor {
  constructor(
    private readonly database: Database,
    @Inject(ENTITY_HISTORY_OPTIONS) private readonly options: EntityHistoryOptions,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const asOf = (request.query as Record<string, unknown> | undefined)?.as_of;
    // Every request passes here: the common case (no as_of) leaves before anything else is read.
    if (asOf === undefined || !isEntityRead(request)) return next.handle();
    const caller = readRequestContext(request);
    if (!caller) return next.handle();
    const seconds = asOfSeconds(asOf);
    const id = (request.params as { id: string }).id;
    return from(
      readAsOf(this.database, this.options, caller, id, seconds, () =>
        lastValueFrom(next.handle()),
      ).then((found) => {
        if (!found) throw new NotFound();
        return found.value;
      }),
    );
  }
}

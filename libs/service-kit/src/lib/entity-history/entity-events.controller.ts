import { Controller, Get, Inject, Query } from '@nestjs/common';
import { NotFound } from '@platform/domain-kit';
import { Database, readEntityEvents } from '@platform/event-store';
import { Caller, toCollection } from '@platform/http';
import { EventCatchUp } from '@platform/messaging';
import type { Collection, RequestContext } from '@platform/http';
import { EntityEventsQuery } from './dtos/entity-events.query';
import { toPublicEvent } from './public-event';
import type { EntityHistoryOptions, PublicEvent } from './public-event';

export const ENTITY_HISTORY_OPTIONS = Symbol('ENTITY_HISTORY_OPTIONS');

/** `GET /v1/events?entity_id=`: an entity's events, oldest first. */
@Controller('v1/events')
export class EntityEventsController {
  constructor(
    private readonly database: Database,
    private readonly catchUp: EventCatchUp,
    @Inject(ENTITY_HISTORY_OPTIONS) private readonly options: EntityHistoryOptions,
  ) {}

  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: EntityEventsQuery,
  ): Promise<Collection<PublicEvent>> {
    if (this.options.catchUp) await this.catchUp.forCaller(caller);
    const events = await readEntityEvents(
      this.database,
      caller,
      query.entity_id,
      this.options.streamTypes,
      query,
    );
    if (!events) throw new NotFound();
    return toCollection(events.map((event) => toPublicEvent(this.options, event)));
  }
}

import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
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
@ApiTags('Events')
@Controller('v1/events')
export class EntityEventsController {
  constructor(
    private readonly database: Database,
    private readonly catchUp: EventCatchUp,
    @Inject(ENTITY_HISTORY_OPTIONS) private readonly options: EntityHistoryOptions,
  ) {}

  /**
   * List an entity’s events, oldest first
   *
   * @remarks The complete history of one entity of the account and mode (payment, order, refund,
   * dispute, QR code, document, customer, item, plan, bill, invoice, subscription, add-on,
   * offer, settlement, on-demand settlement, webhook), oldest first. `from`/`to` select
   * events by when they happened. An id of another account or mode, or one that does not
   * exist, is answered like an unknown id everywhere: 400 "The id provided does not
   * exist".
   *
   * @returns A page of the entity’s events
   */
  @Get()
  async listEntityEvents(
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

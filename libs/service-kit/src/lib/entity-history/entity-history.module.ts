import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Database } from '@platform/event-store';
import type { FastifyInstance } from 'fastify';
import { AsOfReadGate } from './as-of-read-gate';
import { serveAsOfReads } from './as-of-reads';
import { ENTITY_HISTORY_OPTIONS, EntityEventsController } from './entity-events.controller';
import type { EntityHistoryOptions } from './public-event';

const AS_OF_READS = Symbol('AS_OF_READS');

/**
 * Entity history for a service's entities: `GET /v1/events?entity_id=` and `as_of` on every GET of
 * an entity by id (serveAsOfReads). Each service registers it once with its public stream types,
 * its read models and its redaction rules.
 */
@Module({})
export class EntityHistoryModule {
  static register(options: EntityHistoryOptions): DynamicModule {
    return {
      module: EntityHistoryModule,
      controllers: [EntityEventsController],
      providers: [
        { provide: ENTITY_HISTORY_OPTIONS, useValue: options },
        { provide: AsOfReadGate, useValue: new AsOfReadGate() },
        {
          // Built with the app, so its Fastify hook is in place before Nest registers the routes.
          provide: AS_OF_READS,
          useFactory: (host: HttpAdapterHost, database: Database, gate: AsOfReadGate) =>
            serveAsOfReads(
              host.httpAdapter.getInstance<FastifyInstance>(),
              database,
              options,
              gate,
            ),
          inject: [HttpAdapterHost, Database, AsOfReadGate],
        },
      ],
    };
  }
}

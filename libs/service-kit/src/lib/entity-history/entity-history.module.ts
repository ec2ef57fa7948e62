import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AsOfInterceptor } from './as-of.interceptor';
import { ENTITY_HISTORY_OPTIONS, EntityEventsController } from './entity-events.controller';
import type { EntityHistoryOptions } from './public-event';

/**
 * Entity history for a service's entities: `GET /v1/events?entity_id=` and `as_of` on every GET of
 * an entity by id. Each service registers it once with its public stream types, its read models
 * and its redaction rules.
 */
@Module({})
export class EntityHistoryModule {
  static register(options: EntityHistoryOptions): DynamicModule {
    return {
      module: EntityHistoryModule,
      controllers: [EntityEventsController],
      providers: [
        { provide: ENTITY_HISTORY_OPTIONS, useValue: options },
        { provide: APP_INTERCEPTOR, useClass: AsOfInterceptor },
      ],
    };
  }
}

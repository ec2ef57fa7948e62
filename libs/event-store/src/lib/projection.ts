import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { StoredEvent } from './stored-event';

/** A read model updated in the same transaction as the append, so a GET right after a POST sees it. */
export interface InlineProjection {
  name: string;
  canHandle: readonly string[];
  apply(manager: EntityManager, events: readonly StoredEvent[], options: { streamIsNew: boolean }): Promise<void>;
  /** Empties the read model before a rebuild from the event store. */
  clear(manager: EntityManager): Promise<void>;
}

/** A read-model row per stream; `version` is the last stream version applied to it. */
export interface ProjectedRow extends ObjectLiteral {
  id: string;
  version: number;
}

export interface RowProjectionDefinition<Row extends ProjectedRow> {
  name: string;
  entity: EntityTarget<Row>;
  canHandle: readonly string[];
  /** Pure: the row after the event (null: no row). Never throws, never does I/O. */
  evolve(row: Row | null, event: StoredEvent): Row | null;
}

export interface RowProjection<Row extends ProjectedRow> extends InlineProjection {
  /** The row these events produce, without touching the database (for responses and outbox payloads). */
  view(events: readonly StoredEvent[]): Row | null;
}

/**
 * A projection whose row is keyed by the stream id. Idempotent: events at or below the row's
 * version are ignored, so replaying a stream leaves the row as it is.
 */
export function rowProjection<Row extends ProjectedRow>(definition: RowProjectionDefinition<Row>): RowProjection<Row> {
  const handles = new Set(definition.canHandle);
  const fold = (row: Row | null, events: readonly StoredEvent[]): Row | null =>
    events.reduce<Row | null>((current, event) => {
      if (!handles.has(event.type) || (current !== null && event.version <= current.version)) return current;
      const next = definition.evolve(current, event);
      return next === null ? null : { ...next, version: event.version };
    }, row);
  return {
    name: definition.name,
    canHandle: definition.canHandle,
    view: (events) => fold(null, events),
    async apply(manager, events, { streamIsNew }) {
      const relevant = events.filter((event) => handles.has(event.type));
      if (relevant.length === 0) return;
      const current = streamIsNew ? null : await manager.findOneBy(definition.entity, { id: relevant[0].streamId } as never);
      const next = fold(current, relevant);
      if (next === null) {
        if (current !== null) await manager.delete(definition.entity, { id: current.id } as never);
        return;
      }
      if (next !== current) await manager.upsert(definition.entity, next as never, { conflictPaths: ['id'], skipUpdateIfNoValuesChanged: false });
    },
    async clear(manager) {
      await manager.clear(definition.entity);
    },
  };
}

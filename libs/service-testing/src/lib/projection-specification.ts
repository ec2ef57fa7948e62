import 'reflect-metadata';
import type { Command, Decider, Event } from '@platform/domain-kit';
import {
  CommandHandler,
  Database,
  consecutiveRuns,
  rebuildProjections,
} from '@platform/event-store';
import type { EventMetadata, InlineProjection, StoredEvent } from '@platform/event-store';
import { createTestDatabase } from '@platform/testing';
import type { TestDatabase } from '@platform/testing';
import { DataSource } from 'typeorm';
import type { MixedList } from 'typeorm';

/** The entities and migrations of a read model's tables (a service's lists will do). */
export interface ReadModelSchema {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own list types
  entities: MixedList<Function | string>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own list types
  migrations: MixedList<Function | string>;
}

/** A fresh database with a service's tables, on the test cluster. */
export interface ReadModelDatabase {
  database: Database;
  stop(): Promise<void>;
}

export async function startReadModelDatabase(schema: ReadModelSchema): Promise<ReadModelDatabase> {
  const test: TestDatabase = await createTestDatabase();
  const dataSource = new DataSource({ type: 'postgres', url: test.url, poolSize: 2, ...schema });
  await dataSource.initialize();
  await dataSource.runMigrations();
  return {
    database: new Database(dataSource),
    stop: async () => (await dataSource.destroy(), await test.drop()),
  };
}

/** A stream's events as the store keeps them: versions 1, 2, … and the stream's metadata. */
export function storedStream<E extends Event>(
  stream: { streamId: string; streamType: string; metadata: EventMetadata },
  ...events: readonly E[]
): StoredEvent<E>[] {
  return events.map(
    ({ type, data }, i) =>
      ({ ...stream, globalPosition: 0, version: i + 1, type, data }) as StoredEvent<E>,
  );
}

/** Reads the read model back, through its own query where it has one. */
export type ReadBack<T> = (database: Database) => Promise<T>;

/**
 * A decider that decides exactly the given event: the real CommandHandler then appends it and writes
 * the inline projection in one statement, as it does for any command.
 */
const recorder: Decider<null, Command<'Record', Event>, Event> = {
  initialState: () => null,
  evolve: () => null,
  decide: (command) => [command.data],
};

/**
 * given(stored events).then(read back, expected) for an inline projection (the projection spec of
 * STYLE.md §8), on one database per spec file; give each `it` its own stream ids:
 *
 *   const spec = ProjectionSpecification.for(paymentDetailsProjection, PAYMENTS_SCHEMA);
 *   beforeAll(spec.start);
 *   afterAll(spec.stop);
 *   it('…', () => spec.given(...events).then((db) => getPaymentDetails(db, scope, id), expected));
 *
 * `then`: each event is written as its own command's append writes it. `thenAfterReplay`: then
 * replayed as rebuild-projections does (the model emptied, every stored event applied again), and
 * applied once more on top (a redelivery), the same read back after each.
 */
export const ProjectionSpecification = {
  for(projection: InlineProjection, schema: ReadModelSchema) {
    let running: ReadModelDatabase | undefined;
    const database = (): Database => {
      if (!running) throw new Error('call start() in beforeAll first');
      return running.database;
    };
    const write = async (events: readonly StoredEvent[]) => {
      const handler = new CommandHandler(database());
      for (const { streamId, streamType, type, data, metadata } of events)
        await handler.handle({
          decider: recorder,
          streamType,
          streamId,
          command: { type: 'Record', data: { type, data }, metadata },
          projections: [projection],
        });
    };
    const rebuild = (events: readonly StoredEvent[]) =>
      rebuildProjections(database(), [...new Set(events.map((e) => e.streamType))], [projection]);
    const redeliver = (events: readonly StoredEvent[]) =>
      database().transaction(async (tx) => {
        for (const run of consecutiveRuns(events))
          await projection.apply(tx, run, { streamIsNew: false });
      });
    const expectRead = async <T>(read: ReadBack<T>, expected: T, after: string) =>
      expect({ after, read: await read(database()) }).toEqual({ after, read: expected });
    return {
      start: async () => void (running = await startReadModelDatabase(schema)),
      stop: async () => running?.stop(),
      given(...events: readonly StoredEvent[]) {
        const then = async <T>(read: ReadBack<T>, expected: T) => {
          await write(events);
          await expectRead(read, expected, 'the events were written');
        };
        const thenAfterRebuild = async <T>(read: ReadBack<T>, expected: T) => {
          await then(read, expected);
          await rebuild(events);
          await expectRead(read, expected, 'a rebuild');
        };
        const thenAfterReplay = async <T>(read: ReadBack<T>, expected: T) => {
          await thenAfterRebuild(read, expected);
          await redeliver(events);
          await expectRead(read, expected, 'a redelivery');
        };
        return { then, thenAfterRebuild, thenAfterReplay };
      },
    };
  },
};

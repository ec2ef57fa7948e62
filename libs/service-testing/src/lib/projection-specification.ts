import 'reflect-metadata';
import type { Event } from '@platform/domain-kit';
import { Database, consecutiveRuns, rebuildProjections } from '@platform/event-store';
import type {
  EventMetadata,
  InlineProjection,
  SqlRunner,
  StoredEvent,
} from '@platform/event-store';
import { createTestDatabase } from '@platform/testing-core';
import type { TestDatabase } from '@platform/testing-core';
import { DataSource } from 'typeorm';
import type { EntityManager, MixedList } from 'typeorm';
import { writeGivenEvents } from './given-events';

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
  manager: EntityManager;
  stop(): Promise<void>;
}

export async function startReadModelDatabase(schema: ReadModelSchema): Promise<ReadModelDatabase> {
  const test: TestDatabase = await createTestDatabase();
  const dataSource = new DataSource({ type: 'postgres', url: test.url, poolSize: 2, ...schema });
  await dataSource.initialize();
  await dataSource.runMigrations();
  return {
    database: new Database(dataSource),
    manager: dataSource.manager,
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

/**
 * The columns every details row begins with: its id and version, whose it is, and when it was
 * created (`createdAt` in seconds, as the API shows it; `createdMs` to sort by).
 */
export function rowOrigin(
  id: string,
  scope: Pick<EventMetadata, 'accountId' | 'mode'>,
  createdMs: number,
  version = 1,
) {
  return {
    id,
    version,
    accountId: scope.accountId,
    mode: scope.mode,
    createdAt: createdMs / 1000,
    createdMs,
  };
}

/** The tenants next to this one, who must not see its rows: another account, and the other mode. */
export function otherTenants(scope: Pick<EventMetadata, 'accountId' | 'mode'>) {
  return [
    { accountId: 'acc_OtherAccount001', mode: scope.mode },
    {
      accountId: scope.accountId,
      mode: scope.mode === 'test' ? ('live' as const) : ('test' as const),
    },
  ];
}

/** Reads the read model back, through its own query where it has one (TypeORM's for a few). */
export type ReadBack<T> = (database: Database, manager: EntityManager) => Promise<T>;

/** How given messages reach a read model: first written, then each way they may come again. */
interface Projector<M> {
  write(database: Database, given: readonly M[]): Promise<void>;
  replays: Record<string, (database: Database, given: readonly M[]) => Promise<void>>;
}

/**
 * given(messages).then(read back, expected); `thenAfter<Replay>` then brings the same messages again
 * as each replay up to that one does, and expects the same read back after each.
 */
function specification<M, Replay extends string>(
  schema: ReadModelSchema,
  projector: Projector<M> & { replays: Record<Replay, Projector<M>['write']> },
) {
  let running: ReadModelDatabase | undefined;
  const started = (): ReadModelDatabase => {
    if (!running) throw new Error('call start() in beforeAll first');
    return running;
  };
  const expectRead = async <T>(read: ReadBack<T>, expected: T, after: string) => {
    const { database, manager } = started();
    expect({ after, read: await read(database, manager) }).toEqual({ after, read: expected });
  };
  const start = async () => void (running = await startReadModelDatabase(schema));
  const stop = async () => running?.stop();
  return {
    start,
    stop,
    /** describe(name, tests) on the spec's database: started before the tests, dropped after them. */
    describe(name: string, tests: () => void) {
      describe(name, () => {
        beforeAll(start);
        afterAll(stop);
        tests();
      });
    },
    given(...given: readonly M[]) {
      const then = async <T>(read: ReadBack<T>, expected: T) => {
        await projector.write(started().database, given);
        await expectRead(read, expected, 'the first write');
      };
      const thenAfter = async <T>(replay: Replay, read: ReadBack<T>, expected: T) => {
        await then(read, expected);
        for (const [after, run] of Object.entries<Projector<M>['write']>(projector.replays)) {
          await run(started().database, given);
          await expectRead(read, expected, `a ${after}`);
          if (after === replay) return;
        }
      };
      return { then, thenAfter };
    },
  };
}

/** Each event written as its own command's append writes it; replayed by a rebuild, then redelivered. */
function eventSpecification(projection: InlineProjection, schema: ReadModelSchema) {
  return specification<StoredEvent, 'rebuild' | 'redelivery'>(schema, {
    write: (database, events) => writeGivenEvents(database, events, [projection]),
    replays: {
      rebuild: async (database, events) =>
        void (await rebuildProjections(
          database,
          [...new Set(events.map((event) => event.streamType))],
          [projection],
        )),
      redelivery: (database, events) =>
        database.transaction(async (tx) => {
          for (const run of consecutiveRuns(events))
            await projection.apply(tx, run, { streamIsNew: false });
        }),
    },
  });
}

/**
 * The projection spec of STYLE.md §8, on one database per spec file (give each `it` its own ids):
 *
 *   const spec = ProjectionSpecification.for(paymentDetailsProjection, PAYMENTS_SCHEMA);
 *   spec.describe('payment details projection', () => {
 *     it('…', () => spec.given(...events).then((db) => getPaymentDetails(db, scope, id), expected));
 *     it('…', () => spec.given(...events).thenAfter('redelivery', read, expected));
 *   });
 *
 * (`spec.describe` starts the database in beforeAll and stops it in afterAll; a spec that needs its
 * own hooks calls `beforeAll(spec.start)` and `afterAll(spec.stop)` itself.)
 *
 * `then`: each event written as its own command's append writes it. `thenAfter('rebuild')`: then
 * replayed as rebuild-projections does (the model emptied, every stored event applied again);
 * `thenAfter('redelivery')`: and applied once more on top, the same read back after each.
 */
export const ProjectionSpecification = {
  for(projection: InlineProjection, schema: ReadModelSchema) {
    return eventSpecification(projection, schema);
  },

  /**
   * `for`, for the read model of one stream type in one tenant, with what its specs build each time:
   * `stream(id, ...events)`, a stream of that type and metadata, and `detailsOf(id)`, the row read
   * back through the read model's query in the same tenant.
   *
   *   const spec = ProjectionSpecification.forStreams(refundDetailsProjection, {
   *     entities: PAYMENTS_ENTITIES, migrations: PAYMENTS_MIGRATIONS,
   *     streamType: REFUND_STREAM, metadata: METADATA, read: getRefundDetails });
   *   const { stream: refund, detailsOf } = spec;
   *   it('…', () => spec.given(...refund('rfnd_1', created())).then(detailsOf('rfnd_1'), row));
   */
  forStreams<T>(
    projection: InlineProjection,
    setup: ReadModelSchema & {
      streamType: string;
      metadata: EventMetadata;
      read: (database: SqlRunner, scope: EventMetadata, id: string) => Promise<T>;
    },
  ) {
    const { streamType, metadata, read, ...schema } = setup;
    return {
      ...eventSpecification(projection, schema),
      stream: (streamId: string, ...events: readonly Event[]) =>
        storedStream({ streamId, streamType, metadata }, ...events),
      detailsOf:
        (id: string): ReadBack<T> =>
        (database) =>
          read(database, metadata, id),
    };
  },

  /**
   * A read model another service's messages feed through a consumer's `apply(db, messages)`:
   * `thenAfter('redelivery')` applies the same messages again, as Kafka may deliver them.
   */
  forMessages<M>(
    apply: (database: SqlRunner, messages: readonly M[]) => Promise<void>,
    schema: ReadModelSchema,
  ) {
    return specification<M, 'redelivery'>(schema, { write: apply, replays: { redelivery: apply } });
  },
};

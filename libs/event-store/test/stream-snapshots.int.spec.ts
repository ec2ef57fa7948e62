import 'reflect-metadata';
import { fold, newId } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { createTestDatabase } from '@platform/testing-core';
import type { DataSource } from 'typeorm';
import {
  CommandHandler,
  commandBatch,
  Database,
  integrationEventOf,
  readAsOf,
  readStream,
  rebuildProjections,
  runKeyed,
  SNAPSHOT_EVERY,
  sql,
  streamUpTo,
  toDomainEvent,
} from '../src';
import type { CommandSpec, OutboxMessage, StoredEvent } from '../src';
import { tallyDataSource, tallyDecider, TallyRow, tallyRows } from './tally.fixture';
import type { Tally, TallyCommand, TallyEvent } from './tally.fixture';

const T0 = 1_700_000_000_000;
const TENANT = { accountId: 'acc_Snap', mode: 'test' as const };
/** The i-th command of a stream happens i seconds after T0. */
const at = (i: number): CommandMetadata => ({ ...TENANT, now: T0 + i * 1000 });
const sumTo = (n: number) => (n * (n + 1)) / 2;

/** `tally.added` with the tally as its read row shows it right after the event. */
function tallyMessages(
  appended: readonly StoredEvent<TallyEvent>[],
  stream: readonly StoredEvent<TallyEvent>[],
): OutboxMessage[] {
  return appended.map((event) => {
    const row = tallyRows.view(streamUpTo(stream, event.version));
    return {
      topic: 'tests.tally',
      key: event.streamId,
      event: integrationEventOf(event, 'tally.added', { count: row?.count, total: row?.total }),
    };
  });
}

const add = (
  streamId: string,
  by: number,
  i: number,
  decider = tallyDecider,
): CommandSpec<Tally, TallyCommand, TallyEvent> => ({
  decider,
  streamType: 'tally',
  streamId,
  command: { type: 'Add', data: { by }, metadata: at(i) },
  isNew: i === 1,
  projections: [tallyRows],
  outbox: tallyMessages,
});

describe('stream snapshots on PostgreSQL', () => {
  let dataSource: DataSource;
  let handler: CommandHandler;
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    dataSource = await tallyDataSource(database.url, 25);
    db = new Database(dataSource);
    handler = new CommandHandler(db);
    drop = () => database.drop();
  });
  afterAll(async () => (await dataSource.destroy(), await drop()));

  /** Adds 1, 2, … n to a new tally, one command each (the i-th adds i). */
  async function seeded(n: number): Promise<string> {
    const id = newId('tly');
    for (let i = 1; i <= n; i++) await handler.handle(add(id, i, i));
    return id;
  }
  const snapshots = async (id: string) =>
    (
      await dataSource.query(
        'SELECT version, snapshot_version FROM stream_snapshots WHERE stream_id = $1 ORDER BY version',
        [id],
      )
    ).map((row: { version: number; snapshot_version: number }) => [
      row.version,
      row.snapshot_version,
    ]);
  const tamper = (id: string, version: number, column: 'state' | 'views', path: string) =>
    dataSource.query(
      `UPDATE stream_snapshots SET ${column} = jsonb_set(${column}, $3::text[], to_jsonb((${column} #>> $3::text[])::int + 1000000)) WHERE stream_id = $1 AND version = $2`,
      [id, version, path],
    );
  const wholeFold = async (id: string) =>
    fold(
      tallyDecider,
      (await readStream<TallyEvent>(db, { streamId: id, streamType: 'tally' }, TENANT)).map(
        toDomainEvent,
      ),
    );
  const row = (id: string) => dataSource.manager.findOneBy(TallyRow, { id });

  it(`snapshots every ${SNAPSHOT_EVERY} events, and a long stream decides, projects and publishes as its whole history would`, async () => {
    const id = await seeded(250);
    expect(await snapshots(id)).toEqual([
      [100, 1],
      [200, 1],
    ]);
    const next = await handler.handle(add(id, 251, 251));
    expect(next.appended.map((event) => event.version)).toEqual([251]);
    expect(next.state).toEqual({ count: 251, total: sumTo(251) });
    expect(next.state).toEqual(await wholeFold(id));
    expect(await row(id)).toEqual({ id, version: 251, count: 251, total: sumTo(251) });
    const [published] = await dataSource.query(
      "SELECT payload FROM outbox WHERE message_key = $1 AND (payload->>'stream_version')::int = 251",
      [id],
    );
    expect(published.payload.data).toEqual({ count: 251, total: sumTo(251) });
  });

  it('folds a command from the latest snapshot of its decider version, not from the first event', async () => {
    const id = await seeded(210);
    await tamper(id, 200, 'state', '{total}');
    const next = await handler.handle(add(id, 211, 211));
    expect(next.state).toEqual({ count: 211, total: sumTo(211) + 1_000_000 });
  });

  it('ignores a snapshot of another decider version, and writes one of its own', async () => {
    const id = await seeded(150);
    await tamper(id, 100, 'state', '{total}');
    const changed = { ...tallyDecider, snapshotVersion: 2 };
    const next = await handler.handle(add(id, 151, 151, changed));
    expect(next.state).toEqual({ count: 151, total: sumTo(151) });
    expect(await snapshots(id)).toEqual([
      [100, 1],
      [151, 2],
    ]);
    const batch = await handler.handle(commandBatch([add(id, 152, 152, changed)]));
    expect(batch[0].result?.state).toEqual({ count: 152, total: sumTo(152) });
  });

  it('reads the streams of a batch from their snapshots and decides them as their whole histories would', async () => {
    const [first, second] = [await seeded(130), await seeded(99)];
    const outcomes = await handler.handle(
      commandBatch([add(first, 131, 131), add(second, 100, 100), add(first, 132, 132)]),
    );
    expect(outcomes.map((outcome) => outcome.result?.state)).toEqual([
      { count: 131, total: sumTo(131) },
      { count: 100, total: sumTo(100) },
      { count: 132, total: sumTo(132) },
    ]);
    expect(await row(first)).toMatchObject({ version: 132, count: 132, total: sumTo(132) });
    expect(await snapshots(second)).toEqual([[100, 1]]);
  });

  it('lets 20 concurrent commands on one stream all land, in order, while its snapshot is written', async () => {
    const id = await seeded(95);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, (_, j) => handler.handle(add(id, 96 + j, 96 + j))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const expected = { count: 115, total: sumTo(115) };
    expect(await wholeFold(id)).toEqual(expected);
    expect(await row(id)).toMatchObject({ version: 115, ...expected });
    const [snapshot] = await snapshots(id);
    expect(snapshot[0]).toBeGreaterThanOrEqual(100);
    const next = await handler.handle(add(id, 116, 116));
    expect(next.state).toEqual({ count: 116, total: sumTo(116) });
  });

  it('answers a retried keyed command the same from a snapshotted stream, and appends once', async () => {
    const id = await seeded(120);
    const keyed = () =>
      runKeyed('tests:retry-1', Buffer.from('same request'), () =>
        handler.handle(add(id, 121, 121)),
      );
    const first = await keyed();
    const again = await keyed();
    expect(again.state).toEqual(first.state);
    expect(again.appended.map((event) => event.version)).toEqual([121]);
    expect(await wholeFold(id)).toEqual({ count: 121, total: sumTo(121) });
  });

  describe('as_of', () => {
    const COUNTS = [1, 50, 99, 100, 101, 150, 199, 200, 201, 250];
    const tallyAsOf = (id: string, i: number) =>
      readAsOf(
        db,
        { streamTypes: ['tally'], projections: [tallyRows] },
        TENANT,
        id,
        T0 / 1000 + i,
        () =>
          db.query(sql('tests.tally-as-of', 'SELECT count, total FROM tally_rows WHERE id = $1'), [
            id,
          ]),
      );

    it('reads the same at instants before, at and after each snapshot as from the first event', async () => {
      const id = await seeded(250);
      const fromSnapshots = [];
      for (const i of COUNTS) fromSnapshots.push(await tallyAsOf(id, i));
      expect(fromSnapshots).toEqual(
        COUNTS.map((i) => ({ value: [{ count: i, total: sumTo(i) }] })),
      );
      await dataSource.query('DELETE FROM stream_snapshots WHERE stream_id = $1', [id]);
      for (const [n, i] of COUNTS.entries())
        expect(await tallyAsOf(id, i)).toEqual(fromSnapshots[n]);
      expect(await tallyAsOf(id, -1)).toEqual({ value: [] });
      expect(await row(id)).toMatchObject({ count: 250 });
    });

    it('starts from the latest snapshot at or before the instant', async () => {
      const id = await seeded(250);
      await tamper(id, 200, 'views', '{tally-rows,total}');
      expect(await tallyAsOf(id, 199)).toEqual({ value: [{ count: 199, total: sumTo(199) }] });
      expect(await tallyAsOf(id, 230)).toEqual({
        value: [{ count: 230, total: sumTo(230) + 1_000_000 }],
      });
    });
  });

  it('rebuild-projections drops the snapshots, and the next command writes one from the whole history', async () => {
    const id = await seeded(120);
    await tamper(id, 100, 'state', '{total}');
    await rebuildProjections(db, ['tally'], [tallyRows]);
    expect(await snapshots(id)).toEqual([]);
    const next = await handler.handle(add(id, 121, 121));
    expect(next.state).toEqual({ count: 121, total: sumTo(121) });
    expect(await snapshots(id)).toEqual([[121, 1]]);
  });
});

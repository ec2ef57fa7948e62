import 'reflect-metadata';
import { newId } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { createTestDatabase } from '@platform/testing-core';
import type { Client, Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { CommandHandler, Database, readAsOf, ShadowConnections, sql } from '../src';
import type { CommandSpec } from '../src';
import { tallyDataSource, tallyDecider, TallyRow, tallyRows } from './tally.fixture';
import type { Tally, TallyCommand, TallyEvent } from './tally.fixture';

const T0 = 1_700_000_000_000;
const TENANT = { accountId: 'acc_Shadow', mode: 'test' as const };
const at = (i: number): CommandMetadata => ({ ...TENANT, now: T0 + i * 1000 });

const add = (streamId: string, i: number): CommandSpec<Tally, TallyCommand, TallyEvent> => ({
  decider: tallyDecider,
  streamType: 'tally',
  streamId,
  command: { type: 'Add', data: { by: i }, metadata: at(i) },
  isNew: i === 1,
  projections: [tallyRows],
});

const TALLY_IDS = sql('tests.shadow.tally-ids', 'SELECT id FROM tally_rows ORDER BY id');
const WHO = sql(
  'tests.shadow.who',
  `SELECT pg_backend_pid() AS pid, (SELECT count(*)::int FROM tally_rows) AS tallies,
          (SELECT count(*)::int FROM pg_class WHERE relnamespace = pg_my_temp_schema() AND relkind = 'r') AS temporary`,
);

/**
 * `as_of` reads keep their connections and temporary tables from one read to the next (see
 * ShadowConnections): nothing of a read may outlive it, and no other statement may meet them.
 */
describe('as_of reads on kept connections', () => {
  let dataSource: DataSource;
  let db: Database;
  let drop: () => Promise<void>;
  const live: string[] = [];
  /** Kept connections for as_of reads, made as the pool makes its own, at most one at a time. */
  const onOneConnection = () => {
    const pool = (dataSource.driver as unknown as { master: Pool }).master;
    const { Client: ClientClass, options } = pool as unknown as {
      Client: new (config: object) => Client;
      options: object;
    };
    return new ShadowConnections(() => new ClientClass(options), {
      max: 1,
      idleMs: 10_000,
      readsPerConnection: 1_000,
    });
  };

  beforeAll(async () => {
    const database = await createTestDatabase();
    dataSource = await tallyDataSource(database.url, 8);
    await dataSource.query('CREATE TABLE side_notes (id text PRIMARY KEY)');
    await dataSource.query("INSERT INTO side_notes VALUES ('live note')");
    db = new Database(dataSource);
    const handler = new CommandHandler(db);
    for (let n = 0; n < 3; n++) {
      const id = newId('tly');
      for (let i = 1; i <= 3; i++) await handler.handle(add(id, i));
      live.push(id);
    }
    live.sort();
    drop = () => database.drop();
  });
  afterAll(async () => {
    await db.onModuleDestroy();
    await dataSource.destroy();
    await drop();
  });

  const streams = { streamTypes: ['tally'], projections: [tallyRows] };
  const asOf = <T>(id: string, read: () => Promise<T>) =>
    readAsOf(db, streams, TENANT, id, T0 / 1000 + 2, read);

  it('reads each entity alone on the same connection, and ordinary queries on every connection of the pool read the live tables', async () => {
    const seen = [];
    for (const id of live)
      seen.push(
        await asOf(id, async () => ({
          ids: (await db.query<{ id: string }>(TALLY_IDS)).map((row) => row.id),
          who: (await db.query<{ pid: number }>(WHO))[0].pid,
        })),
      );
    expect(seen.map((read) => read?.value.ids)).toEqual(live.map((id) => [id]));
    const [shadowPid] = new Set(seen.map((read) => read?.value.who));
    expect(new Set(seen.map((read) => read?.value.who)).size).toBe(1);

    // All eight connections of the service's pool at once: none is the as_of one, none has a
    // temporary table, all read the three live tallies.
    const pool = (dataSource.driver as unknown as { master: Pool }).master;
    const clients = await Promise.all(Array.from({ length: 8 }, () => pool.connect()));
    try {
      const answers = await Promise.all(
        clients.map(async (client) => (await client.query(WHO.text)).rows[0]),
      );
      expect(answers.map((answer) => answer.pid)).not.toContain(shadowPid);
      expect(answers).toEqual(
        answers.map((answer) => ({ pid: answer.pid, tallies: 3, temporary: 0 })),
      );
    } finally {
      for (const client of clients) client.release();
    }
    expect(await dataSource.manager.find(TallyRow, { order: { id: 'ASC' } })).toEqual(
      live.map((id) => ({ id, version: 3, count: 3, total: 6 })),
    );
  });

  it('leaves nothing behind of a read that wrote and failed', async () => {
    const [first, second] = live;
    const failing = asOf(first, async () => {
      await db.query(sql('tests.shadow.write', 'INSERT INTO tally_rows VALUES ($1, 1, 1, 1)'), [
        'tly_written',
      ]);
      throw new Error('the read failed');
    });
    await expect(failing).rejects.toThrow('the read failed');
    const next = await asOf(second, async () =>
      (await db.query<{ id: string }>(TALLY_IDS)).map((row) => row.id),
    );
    expect(next?.value).toEqual([second]);
    expect(await dataSource.manager.countBy(TallyRow, { id: 'tly_written' })).toBe(0);
  });

  it('shadows exactly the tables asked for, on a connection that shadowed others before, with statements prepared before re-planned', async () => {
    const shadows = onOneConnection();
    // A named statement, as the services' are: prepared once, re-planned when the shadows change.
    const look = (client: Client) =>
      client.query({
        name: 'tests.shadow.look',
        text: `SELECT (SELECT count(*)::int FROM tally_rows) AS tallies, (SELECT count(*)::int FROM side_notes) AS notes, pg_backend_pid() AS pid`,
      });
    try {
      const tallies = await shadows.rolledBack(['tally_rows'], look);
      const notes = await shadows.rolledBack(['side_notes'], look);
      const both = await shadows.rolledBack(['side_notes', 'tally_rows'], look);
      const none = await shadows.rolledBack([], look);
      // Prepared while both names meant the live tables, then a shadow of one appears.
      const again = await shadows.rolledBack(['tally_rows'], look);
      expect([tallies, notes, both, none, again].map((result) => result.rows[0])).toEqual([
        { tallies: 0, notes: 1, pid: expect.any(Number) },
        { tallies: 3, notes: 0, pid: tallies.rows[0].pid },
        { tallies: 0, notes: 0, pid: tallies.rows[0].pid },
        { tallies: 3, notes: 1, pid: tallies.rows[0].pid },
        { tallies: 0, notes: 1, pid: tallies.rows[0].pid },
      ]);
      // Two reads at once with one connection: the second waits for it.
      const [a, b] = await Promise.all([
        shadows.rolledBack(['tally_rows'], look),
        shadows.rolledBack(['side_notes'], look),
      ]);
      expect([a.rows[0].tallies, b.rows[0].notes]).toEqual([0, 0]);
      expect(shadows.openCount()).toBe(1);
    } finally {
      await shadows.close();
    }
    expect(shadows.openCount()).toBe(0);
  });

  it('opens another connection for the next read when PostgreSQL ends the one it kept, idle or in a read', async () => {
    const shadows = onOneConnection();
    const read = () =>
      shadows.rolledBack(['tally_rows'], async (client) => {
        const { rows } = await client.query(WHO.text);
        return rows[0] as { pid: number; tallies: number };
      });
    try {
      const first = await read();
      await dataSource.query('SELECT pg_terminate_backend($1)', [first.pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const next = await read();
      expect(next).toEqual({ pid: expect.any(Number), tallies: 0, temporary: 1 });
      expect(next.pid).not.toBe(first.pid);
      // Ended in the middle of a read: that read fails, the next one has a connection again.
      const dying = shadows.rolledBack([], (client) => client.query('SELECT pg_sleep(5)'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await dataSource.query('SELECT pg_terminate_backend($1)', [next.pid]);
      await expect(dying).rejects.toThrow();
      const last = await read();
      expect(last.pid).not.toBe(next.pid);
      expect(last).toMatchObject({ tallies: 0, temporary: 1 });
      expect(shadows.openCount()).toBe(1);
    } finally {
      await shadows.close();
    }
  });
});

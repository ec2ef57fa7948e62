import 'reflect-metadata';
import { createTestDatabase } from '@platform/testing-core';
import type { TestDatabase } from '@platform/testing-core';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { Database, sql } from '../src';

const INSERT = sql('test.insert-note', 'INSERT INTO notes (text) VALUES ($1)');
const COUNT = sql('test.count-notes', 'SELECT count(*)::int AS n FROM notes');

/** The connections of this database other than `admin`'s own, waiting or idle in a transaction. */
async function backendsOf(
  admin: Client,
  state: 'blocked' | 'idle in transaction',
): Promise<number[]> {
  const where = state === 'blocked' ? "wait_event_type = 'Lock'" : "state = 'idle in transaction'";
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${where}`,
  );
  return rows.map((row) => row.pid);
}

async function until<T>(probe: () => Promise<T[]>): Promise<T[]> {
  for (let i = 0; i < 100; i++) {
    const found = await probe();
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('never happened');
}

describe('Database.transaction when PostgreSQL drops its connection', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let db: Database;
  let admin: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = new DataSource({ type: 'postgres', url: database.url, poolSize: 4 });
    await dataSource.initialize();
    await dataSource.query('CREATE TABLE notes (text text NOT NULL)');
    db = new Database(dataSource);
    admin = new Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await dataSource.destroy();
    await database.drop();
  });

  it('fails the transaction (the process lives) when its blocked connection is terminated, and the pool serves the next one', async () => {
    // As in the outage this reproduces: a table locked, a write waiting on it, its backend terminated.
    const locker = new Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('BEGIN; LOCK TABLE notes IN ACCESS EXCLUSIVE MODE');
    const blocked = db.transaction((tx) => tx.query(INSERT, ['blocked']));
    const [pid] = await until(() => backendsOf(admin, 'blocked'));
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await expect(blocked).rejects.toThrow(/terminat/i);
    await locker.query('ROLLBACK');
    await locker.end();

    await db.transaction((tx) => tx.query(INSERT, ['after']));
    expect(await db.query<{ n: number }>(COUNT)).toEqual([{ n: 1 }]);
  });

  it('fails the transaction when its connection is terminated between two statements', async () => {
    let resume: () => void = () => undefined;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    const work = db.transaction(async (tx) => {
      await tx.query(INSERT, ['first half']);
      await paused; // no statement in flight: the 'error' event arrives on an idle checked-out client
      await tx.query(INSERT, ['second half']);
    });
    const [pid] = await until(() => backendsOf(admin, 'idle in transaction'));
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the error event reaches the client
    resume();
    await expect(work).rejects.toThrow();

    expect(await db.query<{ n: number }>(COUNT)).toEqual([{ n: 1 }]); // the half transaction left nothing
    await db.transaction((tx) => tx.query(INSERT, ['later']));
    expect(await db.query<{ n: number }>(COUNT)).toEqual([{ n: 2 }]);
  });
});

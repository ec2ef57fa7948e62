import 'reflect-metadata';
import { createTestDatabase } from '@platform/testing-core';
import type { TestDatabase } from '@platform/testing-core';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { Database, sql } from '../src';

/**
 * patches/pg+*.patch builds rows by assignment instead of from pg's prebuilt template, copies a
 * named statement with Object.assign, and asks for a named statement's row description only on its
 * first run on a connection. What a caller gets back must not change: these are pg's own rules.
 */
describe('rows read through the patched pg', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = new DataSource({ type: 'postgres', url: database.url, poolSize: 2 });
    await dataSource.initialize();
    db = new Database(dataSource);
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  it('keeps the columns in order, as plain objects, null for NULL and the last value of a repeated name', async () => {
    const rows = await db.query(
      sql(
        'test.rows',
        `SELECT n AS id, 'x' || n AS name, NULL::text AS note, 1 AS twice, 2 AS twice
           FROM generate_series(1, 3) AS n ORDER BY n`,
      ),
    );
    expect(rows).toEqual([
      { id: 1, name: 'x1', note: null, twice: 2 },
      { id: 2, name: 'x2', note: null, twice: 2 },
      { id: 3, name: 'x3', note: null, twice: 2 },
    ]);
    expect(Object.keys(rows[0])).toEqual(['id', 'name', 'note', 'twice']);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });

  it('keeps a column named __proto__ as a value of its own, never as the row prototype', async () => {
    const [row] = await db.query<Record<string, unknown>>(
      sql('test.proto-column', `SELECT 'p' AS "__proto__", 'v' AS value`),
    );
    expect(Object.keys(row)).toEqual(['__proto__', 'value']);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('p');
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });

  it('leaves the statement object it was given unchanged, so a statement is reused as it is', async () => {
    const statement = sql('test.reused', 'SELECT $1::int + 1 AS next');
    expect(await db.query(statement, [1])).toEqual([{ next: 2 }]);
    expect(await db.query(statement, [41])).toEqual([{ next: 42 }]);
    expect(statement).toEqual({ name: 'test.reused', text: 'SELECT $1::int + 1 AS next' });
  });

  describe('a named statement run again on its connection', () => {
    let client: pg.Client;
    let descriptions: number;

    beforeAll(async () => {
      client = new pg.Client({ connectionString: database.url });
      await client.connect();
      descriptions = 0;
      client.connection.on('rowDescription', () => descriptions++);
      await client.query('CREATE TABLE described (id int PRIMARY KEY, name text NOT NULL)');
    });
    afterAll(() => client.end());

    it('is not described again, and returns the same rows and fields as on its first run', async () => {
      const select = {
        name: 'test.described',
        text: 'SELECT id, name FROM described WHERE id <= $1 ORDER BY id',
      };
      const insert = {
        name: 'test.insert-described',
        text: 'INSERT INTO described VALUES ($1, $2)',
      };
      const before = descriptions;
      const empty = await client.query({ ...select, values: [10] });
      expect(descriptions).toBe(before + 1);
      expect(empty.rows).toEqual([]);
      expect(empty.fields.map((field) => field.name)).toEqual(['id', 'name']);

      for (let id = 1; id <= 3; id++) {
        const inserted = await client.query({ ...insert, values: [id, `n${id}`] });
        expect(inserted.rowCount).toBe(1);
        expect(inserted.rows).toEqual([]);
      }
      const again = await client.query({ ...select, values: [2] });
      const emptyAgain = await client.query({ ...select, values: [0] });
      // Only the first run of each statement asked for its description (the insert's: none).
      expect(descriptions).toBe(before + 1);
      expect(again.rows).toEqual([
        { id: 1, name: 'n1' },
        { id: 2, name: 'n2' },
      ]);
      expect(again.fields.map((field) => [field.name, field.dataTypeID])).toEqual([
        ['id', 23],
        ['name', 25],
      ]);
      expect(emptyAgain.rows).toEqual([]);
      expect(emptyAgain.fields.map((field) => field.name)).toEqual(['id', 'name']);
    });

    it("streams rows to a 'row' listener added after the query is submitted, as pg does", async () => {
      const query = client.query(
        new pg.Query({
          name: 'test.described-rows',
          text: 'SELECT n FROM generate_series(1, $1::int) AS n',
          values: [2],
        }),
      );
      const seen: unknown[] = [];
      query.on('row', (row: unknown) => seen.push(row));
      const first = await new Promise<pg.QueryResult>((resolve) => query.on('end', resolve));
      const again = client.query(
        new pg.Query({
          name: 'test.described-rows',
          text: 'SELECT n FROM generate_series(1, $1::int) AS n',
          values: [3],
        }),
      );
      again.on('row', (row: unknown) => seen.push(row));
      const second = await new Promise<pg.QueryResult>((resolve) => again.on('end', resolve));
      expect(seen).toEqual([{ n: 1 }, { n: 2 }, { n: 1 }, { n: 2 }, { n: 3 }]);
      // With a 'row' listener and no callback, pg hands rows to the listener only.
      expect(first.rows).toEqual([]);
      expect(second.rows).toEqual([]);
    });

    it('fails a run whose result type changed, as PostgreSQL refuses it, and keeps the connection usable', async () => {
      const statement = {
        name: 'test.described-star',
        text: 'SELECT * FROM described WHERE id = $1',
      };
      expect((await client.query({ ...statement, values: [1] })).rows).toEqual([
        { id: 1, name: 'n1' },
      ]);
      await client.query('ALTER TABLE described ADD COLUMN note text');
      await expect(client.query({ ...statement, values: [1] })).rejects.toThrow(
        /cached plan must not change result type/,
      );
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    });
  });

  it("keeps each connection's descriptions apart under 20 concurrent queries on a pool of 2", async () => {
    const statement = sql('test.pool-described', 'SELECT $1::int AS n, $1::text AS label');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => db.query(statement, [n])),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, n) => [{ n, label: String(n) }]));
  });
});

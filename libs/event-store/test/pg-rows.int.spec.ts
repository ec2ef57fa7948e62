import 'reflect-metadata';
import { createTestDatabase } from '@platform/testing';
import type { TestDatabase } from '@platform/testing';
import { DataSource } from 'typeorm';
import { Database, sql } from '../src';

/**
 * patches/pg+*.patch builds rows by assignment instead of from pg's prebuilt template, and copies a
 * named statement with Object.assign. What a caller gets back must not change: these are pg's own
 * rules.
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
});

import { NotFound } from '@platform/domain-kit';
import type { EntityTarget, ObjectLiteral, ValueTransformer } from 'typeorm';
import { sql } from './database';
import type { SqlRunner, Statement } from './database';
import type { TableMapping } from './table-mapping';

/**
 * bigint columns (amounts, Unix times) as JavaScript numbers: every value the platform stores is far
 * inside the exact integer range (amounts are capped, times are seconds or milliseconds).
 */
export const bigintAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** The tenant of a read: another account's or mode's rows are not there. */
export interface ReadScope {
  accountId: string;
  mode: 'test' | 'live';
}

export interface PageRequest {
  from?: number;
  to?: number;
  count: number;
  skip: number;
}

/**
 * A read-model row by id, or null when it does not exist in the caller's scope. By primary key only,
 * the tenant checked on the row: with the tenant columns in the WHERE clause the planner may pick the
 * list index and scan an account's rows.
 */
export async function findInScope<Row extends ObjectLiteral & ReadScope>(
  db: SqlRunner,
  entity: EntityTarget<Row>,
  scope: ReadScope,
  id: string,
): Promise<Row | null> {
  const table = db.table(entity);
  const [found] = await db.query(byIdStatement(table), [id]);
  const row = found ? table.fromDb(found) : null;
  return row && row.accountId === scope.accountId && row.mode === scope.mode ? row : null;
}

/**
 * A page of a tenant's rows, newest first; rows created in the same second keep their creation order
 * (to the millisecond, then by id), so paging is stable. `filters` are equality tests on columns
 * (undefined: not filtered). Needs columns account_id, mode, created_at (s), created_ms, id.
 */
export async function pageInScope<Row extends ObjectLiteral>(
  db: SqlRunner,
  entity: EntityTarget<Row>,
  scope: ReadScope,
  page: PageRequest,
  filters: Record<string, unknown> = {},
): Promise<Row[]> {
  const table = db.table(entity);
  const active = Object.entries(filters).filter(([, value]) => value !== undefined);
  const name = `${table.table}.page${active.map(([column]) => `.${column}`).join('')}`;
  const statement = statementFor(name, () => {
    const tests = active.map(([column], i) => ` AND "${column}" = $${i + 7}`).join('');
    return `SELECT ${table.selectList} FROM "${table.table}"
             WHERE account_id = $1 AND mode = $2 AND ($3::bigint IS NULL OR created_at >= $3) AND ($4::bigint IS NULL OR created_at <= $4)${tests}
             ORDER BY created_at DESC, created_ms DESC, id DESC LIMIT $5 OFFSET $6`;
  });
  const rows = await db.query(statement, [
    scope.accountId,
    scope.mode,
    page.from ?? null,
    page.to ?? null,
    page.count,
    page.skip,
    ...active.map(([, value]) => value),
  ]);
  return rows.map((row) => table.fromDb(row));
}

/** What a read found; a read that found nothing answers the API's not-found (404). */
export function orNotFound<Row>(found: Row | null | undefined): Row {
  if (!found) throw new NotFound();
  return found;
}

/**
 * A read model's two API reads, bound to its table: `get`, a row by id in the caller's scope
 * (findInScope), and `list`, a page of the caller's rows (pageInScope) filtered by each filter that
 * `columns` names, on its column (a filter left undefined does not filter).
 */
export function readModelQueries<
  Row extends ObjectLiteral & ReadScope,
  Filters extends object = Record<never, never>,
>(entity: EntityTarget<Row>, columns = {} as Record<keyof Filters, string>) {
  return {
    get: (db: SqlRunner, scope: ReadScope, id: string): Promise<Row | null> =>
      findInScope(db, entity, scope, id),
    list: (
      db: SqlRunner,
      scope: ReadScope,
      page: PageRequest,
      filters: Filters = {} as Filters,
    ): Promise<Row[]> =>
      pageInScope(
        db,
        entity,
        scope,
        page,
        Object.fromEntries(
          Object.entries<string>(columns).map(([filter, column]) => [
            column,
            filters[filter as keyof Filters],
          ]),
        ),
      ),
  };
}

/** Kept by the table's mapping, not by name: a read by id builds no string to find its statement. */
const byIdStatements = new WeakMap<TableMapping<ObjectLiteral>, Statement>();

function byIdStatement<Row extends ObjectLiteral>(table: TableMapping<Row>): Statement {
  let statement = byIdStatements.get(table);
  if (!statement)
    byIdStatements.set(
      table,
      (statement = sql(
        `${table.table}.by-id`,
        `SELECT ${table.selectList} FROM "${table.table}" WHERE id = $1`,
      )),
    );
  return statement;
}

const statements = new Map<string, Statement>();

function statementFor(name: string, text: () => string): Statement {
  let statement = statements.get(name);
  if (!statement) statements.set(name, (statement = sql(name, text())));
  return statement;
}

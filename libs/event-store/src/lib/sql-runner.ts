import type { EntityTarget, ObjectLiteral } from 'typeorm';
import type { TableMapping } from './table-mapping';

// Apart from database.ts so that as-of-runner.ts, which database.ts uses, can name a runner without
// an import circle.

/**
 * A named SQL statement. PostgreSQL parses and plans it once per connection and reuses the plan, so
 * a name must always go with the same text.
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

export function sql(name: string, text: string): Statement {
  return { name, text };
}

/**
 * Runs statements, inside a transaction or not. While an as-of read runs (see readAsOf), the
 * service's Database sends its statements to that read's transaction.
 */
export interface SqlRunner {
  query<Row = Record<string, unknown>>(
    statement: Statement,
    values?: readonly unknown[],
  ): Promise<Row[]>;
  /** How a TypeORM entity maps to its table (read from the entity's metadata, once). */
  table<Row extends ObjectLiteral>(entity: EntityTarget<Row>): TableMapping<Row>;
}

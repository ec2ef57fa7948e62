import type { DataSource, EntityTarget, ObjectLiteral, ValueTransformer } from 'typeorm';

interface ColumnMapping {
  property: string;
  column: string;
  json: boolean;
  transformer: ValueTransformer | undefined;
}

/**
 * A table and its columns as a TypeORM entity declares them, for hand-written SQL: the select list
 * (aliased to the entity's property names), row conversion both ways, and a primary-key upsert.
 */
export interface TableMapping<Row extends ObjectLiteral> {
  table: string;
  /** `"account_id" AS "accountId", …`: select list that yields the entity's property names. */
  selectList: string;
  fromDb(row: Record<string, unknown>): Row;
  /** Column values in `columns` order, ready to be statement parameters. */
  toDb(row: Row): unknown[];
  columns: readonly string[];
  primaryKey: string;
}

const cache = new WeakMap<DataSource, Map<unknown, TableMapping<ObjectLiteral>>>();

export function tableMappingOf<Row extends ObjectLiteral>(
  dataSource: DataSource,
  entity: EntityTarget<Row>,
): TableMapping<Row> {
  let mappings = cache.get(dataSource);
  if (!mappings) cache.set(dataSource, (mappings = new Map()));
  let mapping = mappings.get(entity);
  if (!mapping)
    mappings.set(
      entity,
      (mapping = buildMapping(dataSource, entity) as TableMapping<ObjectLiteral>),
    );
  return mapping as TableMapping<Row>;
}

function buildMapping<Row extends ObjectLiteral>(
  dataSource: DataSource,
  entity: EntityTarget<Row>,
): TableMapping<Row> {
  const metadata = dataSource.getMetadata(entity);
  const columns: ColumnMapping[] = metadata.columns.map((column) => ({
    property: column.propertyName,
    column: column.databaseName,
    json: column.type === 'jsonb' || column.type === 'json',
    transformer: Array.isArray(column.transformer) ? undefined : column.transformer,
  }));
  if (metadata.primaryColumns.length !== 1)
    throw new Error(
      `${metadata.tableName}: a projected table needs exactly one primary key column`,
    );
  return {
    table: metadata.tableName,
    selectList: columns.map((c) => `"${c.column}" AS "${c.property}"`).join(', '),
    columns: columns.map((c) => c.column),
    primaryKey: metadata.primaryColumns[0].databaseName,
    // A plain loop: this runs for every row read, and Object.fromEntries over mapped pairs allocated
    // an array per column.
    fromDb: (row) => {
      const entity: Record<string, unknown> = {};
      for (const c of columns)
        entity[c.property] = c.transformer ? c.transformer.from(row[c.property]) : row[c.property];
      return entity as Row;
    },
    toDb: (row) =>
      columns.map((c) => {
        const value = c.transformer ? c.transformer.to(row[c.property]) : row[c.property];
        return c.json && value !== null && value !== undefined ? JSON.stringify(value) : value;
      }),
  };
}

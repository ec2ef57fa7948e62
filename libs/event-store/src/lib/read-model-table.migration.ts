import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The migration that creates a read model's table: ReadModelRow's columns (the stream, the tenant,
 * the creation time) around the model's own, and, for a model the API lists, the index
 * `listInScope` reads through. A subclass states only what is its own.
 */
export abstract class ReadModelTableMigration implements MigrationInterface {
  /** Recorded in the migrations table: never renamed. */
  abstract readonly name: string;
  protected abstract readonly table: string;
  /** The model's columns (SQL, comma-separated), between the tenant and the creation time. */
  protected abstract readonly columns: string;
  /** Columns that stand after the creation time in tables first created that way. */
  protected readonly columnsAfterCreation?: string;
  /** Lists of the model, newest first within a tenant, read through `<table>_newest_first`. */
  protected readonly listed: boolean = true;
  /** The model's further indexes, created after the table and the list index. */
  protected readonly indexes: readonly string[] = [];

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(readModelTableSql(this.table, this.columns, this.columnsAfterCreation));
    if (this.listed)
      await runner.query(
        `CREATE INDEX ${this.table}_newest_first ON ${this.table} (account_id, mode, created_at DESC, created_ms DESC, id DESC)`,
      );
    for (const index of this.indexes) await runner.query(index);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE ${this.table}`);
  }
}

function readModelTableSql(table: string, columns: string, columnsAfterCreation?: string): string {
  const lines = [
    'id text PRIMARY KEY,',
    'version integer NOT NULL,',
    'account_id text NOT NULL,',
    'mode text NOT NULL,',
    ...sqlLines(`${columns},`),
    'created_at bigint NOT NULL,',
    ...(columnsAfterCreation
      ? ['created_ms bigint NOT NULL,', ...sqlLines(columnsAfterCreation)]
      : ['created_ms bigint NOT NULL']),
  ];
  return `\n      CREATE TABLE ${table} (\n${lines.map((line) => `        ${line}`).join('\n')}\n      )`;
}

/** One column a line, whatever the indentation of the template literal it was written in. */
function sqlLines(sql: string): string[] {
  return sql
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

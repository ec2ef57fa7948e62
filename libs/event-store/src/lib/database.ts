import { Injectable } from '@nestjs/common';
import type { Client, ClientConfig, Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import type { EntityTarget, ObjectLiteral } from 'typeorm';
import { currentAsOfRunner } from './as-of-runner';
import { ShadowConnections } from './shadow-connections';
import type { SqlRunner, Statement } from './sql-runner';
import { tableMappingOf } from './table-mapping';
import type { TableMapping } from './table-mapping';

export { sql } from './sql-runner';
export type { SqlRunner, Statement } from './sql-runner';

export type IsolationLevel = 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';

/**
 * The service's database for the hot paths: TypeORM's own connection pool, used with named
 * statements and explicit transactions. TypeORM's query builder costs two to three times the CPU of
 * the query itself (and its LIMIT 1 lookups can lead the planner to a scan); TypeORM keeps the
 * entities, the migrations and the admin paths.
 */
@Injectable()
export class Database implements SqlRunner {
  private readonly pool: Pool;
  private readonly shadows: ShadowConnections;

  constructor(private readonly dataSource: DataSource) {
    this.pool = (dataSource.driver as unknown as { master: Pool }).master;
    // Clients made as the pool makes its own: the same settings and Client class.
    const { Client: ClientClass, options } = this.pool as unknown as {
      Client: new (config: ClientConfig) => Client;
      options: ClientConfig;
    };
    this.shadows = new ShadowConnections(() => new ClientClass(options));
  }

  async query<Row = Record<string, unknown>>(
    statement: Statement,
    values: readonly unknown[] = [],
  ): Promise<Row[]> {
    const asOf = currentAsOfRunner();
    if (asOf) return asOf.query<Row>(statement, values);
    const result = await this.pool.query({
      name: statement.name,
      text: statement.text,
      values: values as unknown[],
    });
    return result.rows as Row[];
  }

  table<Row extends ObjectLiteral>(entity: EntityTarget<Row>): TableMapping<Row> {
    return tableMappingOf(this.dataSource, entity);
  }

  /**
   * Runs `work` in one transaction on one connection; any error rolls it back. A connection that
   * PostgreSQL drops meanwhile (restart, `pg_terminate_backend`) emits an 'error' event while it is
   * checked out, where the pool no longer listens: unheard, it would kill the process. It is heard
   * here, the transaction fails with it, and the connection is destroyed instead of going back to
   * the pool.
   */
  async transaction<T>(
    work: (tx: SqlRunner) => Promise<T>,
    isolation: IsolationLevel = 'READ COMMITTED',
  ): Promise<T> {
    const asOf = currentAsOfRunner();
    if (asOf) return work(asOf);
    const client = await this.pool.connect();
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken ??= error;
    };
    client.on('error', onError);
    try {
      await client.query(
        isolation === 'READ COMMITTED' ? 'BEGIN' : `BEGIN ISOLATION LEVEL ${isolation}`,
      );
      const result = await work(this.runnerFor(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (!broken)
        await client.query('ROLLBACK').catch((rollbackFailed: Error) => (broken = rollbackFailed));
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  /**
   * Runs `work` in a transaction whose temporary tables shadow `tables` (`search_path = pg_temp,
   * public`), on a connection kept for that (see ShadowConnections), and rolls it back.
   */
  async rolledBackWithShadows<T>(
    tables: readonly string[],
    work: (tx: SqlRunner) => Promise<T>,
  ): Promise<T> {
    return this.shadows.rolledBack(tables, (client) => work(this.runnerFor(client)));
  }

  /** Closes the connections kept for as_of reads (the service's pool is TypeORM's to close). */
  async onModuleDestroy(): Promise<void> {
    await this.shadows.close();
  }

  private runnerFor(client: PoolClient | Client): SqlRunner {
    return {
      query: async <Row>(statement: Statement, values: readonly unknown[] = []) =>
        (
          await client.query({
            name: statement.name,
            text: statement.text,
            values: values as unknown[],
          })
        ).rows as Row[],
      table: (entity) => this.table(entity),
    };
  }
}

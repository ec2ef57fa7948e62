import type { DataSource } from 'typeorm';

/**
 * Runs pending migrations while holding an advisory lock, so replicas starting together do not run
 * them twice: the second waits, then finds nothing left to do.
 */
export async function runMigrationsExclusively(
  dataSource: DataSource,
  service: string,
): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrations:${service}`]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`migrations:${service}`])
      .catch(() => undefined);
    await runner.release();
  }
}

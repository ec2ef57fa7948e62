import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database on the test cluster (PG_TEST_URL, set by the jest global setup). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env['PG_TEST_URL'];
  if (!serverUrl)
    throw new Error(
      'PG_TEST_URL is not set: add libs/testing-core/src/jest/postgres.global-setup.ts as the jest globalSetup',
    );
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ).then(() => undefined),
  };
}

async function withAdmin<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

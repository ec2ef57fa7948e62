import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestDatabase } from './test-database';
import type { TestDatabase } from './test-database';

/** Set by the global setup of TEST_INFRA (unset when PG_TEST_URL named an outside server). */
const server = process.env['PG_TEST_SERVER'];
const image = process.env['TEST_POSTGRES_IMAGE'] ?? 'postgres:18';

describe('The database the suites talk to', () => {
  let database: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  const setting = async (name: string): Promise<string> =>
    (await client.query<Record<string, string>>(`SHOW ${name}`)).rows[0][name];

  (server === 'container' ? describe : describe.skip)(
    `on the container of TEST_INFRA=containers (this run's server: ${server ?? 'outside'})`,
    () => {
      it(`is served by the ${image} container, of the image's major version`, async () => {
        const major = Math.floor(Number(await setting('server_version_num')) / 10_000);
        expect(major).toBe(Number(/:(\d+)[^:/]*$/.exec(image)?.[1]));
      });

      it("keeps its data in the image's PGDATA, not in an embedded cluster's directory", async () => {
        expect(await setting('data_directory')).toMatch(/^\/var\/lib\/postgresql\//);
      });
    },
  );

  (server === 'embedded' ? describe : describe.skip)(
    `on the embedded cluster, by default (this run's server: ${server ?? 'outside'})`,
    () => {
      it('is the embedded cluster of this jest run, in a temporary directory', async () => {
        expect(await setting('data_directory')).toContain(join(tmpdir(), 'pg-test-'));
      });
    },
  );
});

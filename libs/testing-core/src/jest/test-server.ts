/**
 * What the global setups share: the settings of the test PostgreSQL, embedded or in a container,
 * and a free port. (By relative path: jest runs global setup outside its module mapper, where
 * @platform/* does not resolve.)
 */
export { freePort } from '../lib/free-port';

/** Throwaway data: no durability, and room for every service of a spec and their pools. */
export const TEST_POSTGRES_FLAGS = [
  '-c',
  'fsync=off',
  '-c',
  'synchronous_commit=off',
  '-c',
  'full_page_writes=off',
  '-c',
  'max_connections=300',
];

/** The superuser of every test server; test files create their own databases as it. */
export const TEST_POSTGRES_USER = 'postgres';
export const TEST_POSTGRES_PASSWORD = 'postgres';

export function testServerUrl(port: number): string {
  return `postgres://${TEST_POSTGRES_USER}:${TEST_POSTGRES_PASSWORD}@127.0.0.1:${port}`;
}

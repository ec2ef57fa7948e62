import { AsyncLocalStorage } from 'node:async_hooks';
import type { SqlRunner } from './database';

/**
 * The transaction an as-of read runs in (see readAsOf): while the read runs, the service's Database
 * sends every statement there, so a controller's own query reads the shadow tables without knowing it.
 */
export const asOfTransaction = new AsyncLocalStorage<SqlRunner>();

/** The runner of the as-of read in progress on this call path, if any. */
export function currentAsOfRunner(): SqlRunner | undefined {
  return asOfTransaction.getStore();
}

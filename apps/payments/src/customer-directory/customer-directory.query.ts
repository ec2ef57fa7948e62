import type { EntityManager } from 'typeorm';
import { CustomerDirectoryRow } from './customer-directory.entity';

/** The customer, if billing has told payments about it for this account and mode. */
export function findKnownCustomer(
  manager: EntityManager,
  scope: { accountId: string; mode: 'test' | 'live' },
  id: string,
): Promise<CustomerDirectoryRow | null> {
  return manager.findOneBy(CustomerDirectoryRow, {
    id,
    accountId: scope.accountId,
    mode: scope.mode,
  });
}

import type { RequestContext } from '@platform/http';
import type { EntityManager } from 'typeorm';
import { CustomerDetailsRow } from './customer-details.entity';

type Scope = Pick<RequestContext, 'accountId' | 'mode'>;

export interface CustomerPage {
  from?: number;
  to?: number;
  count: number;
  skip: number;
}

export function getCustomerDetails(manager: EntityManager, scope: Scope, id: string): Promise<CustomerDetailsRow | null> {
  return manager.findOneBy(CustomerDetailsRow, { id, accountId: scope.accountId, mode: scope.mode });
}

/** Newest first; customers created in the same second keep their creation order. */
export function listCustomerDetails(manager: EntityManager, scope: Scope, page: CustomerPage): Promise<CustomerDetailsRow[]> {
  const query = manager
    .createQueryBuilder(CustomerDetailsRow, 'customer')
    .where('customer.accountId = :accountId AND customer.mode = :mode', scope)
    .orderBy('customer.createdAt', 'DESC')
    .addOrderBy('customer.createdPosition', 'DESC')
    .limit(page.count)
    .offset(page.skip);
  if (page.from !== undefined) query.andWhere('customer.createdAt >= :from', { from: page.from });
  if (page.to !== undefined) query.andWhere('customer.createdAt <= :to', { to: page.to });
  return query.getMany();
}

/** The customer with this email and contact (missing values match missing values), if any. */
export function findCustomerByIdentity(manager: EntityManager, scope: Scope, identity: { email: string | null; contact: string | null }): Promise<CustomerDetailsRow | null> {
  return manager
    .createQueryBuilder(CustomerDetailsRow, 'customer')
    .where('customer.accountId = :accountId AND customer.mode = :mode', scope)
    .andWhere('customer.email IS NOT DISTINCT FROM :email AND customer.contact IS NOT DISTINCT FROM :contact', identity)
    .getOne();
}

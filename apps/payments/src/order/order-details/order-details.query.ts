import { findInScope, pageInScope } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { OrderDetailsRow } from './order-details.entity';

export function getOrderDetails(db: SqlRunner, scope: ReadScope, id: string): Promise<OrderDetailsRow | null> {
  return findInScope(db, OrderDetailsRow, scope, id);
}

/** `authorized`: orders with (true) or without (false) an authorized payment; `receipt`: exact match. */
export function listOrderDetails(db: SqlRunner, scope: ReadScope, page: PageRequest, filters: { authorized?: boolean; receipt?: string }): Promise<OrderDetailsRow[]> {
  return pageInScope(db, OrderDetailsRow, scope, page, { authorized: filters.authorized, receipt: filters.receipt });
}

import { findInScope, pageInScope } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { RefundDetailsRow } from './refund-details.entity';

export function getRefundDetails(
  db: SqlRunner,
  scope: ReadScope,
  id: string,
): Promise<RefundDetailsRow | null> {
  return findInScope(db, RefundDetailsRow, scope, id);
}

export function listRefundDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
  filters: { paymentId?: string } = {},
): Promise<RefundDetailsRow[]> {
  return pageInScope(db, RefundDetailsRow, scope, page, { payment_id: filters.paymentId });
}

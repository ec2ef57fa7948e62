import { findInScope, pageInScope } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { SettlementDetailsRow } from './settlement-details.entity';

export function getSettlementDetails(
  db: SqlRunner,
  scope: ReadScope,
  id: string,
): Promise<SettlementDetailsRow | null> {
  return findInScope(db, SettlementDetailsRow, scope, id);
}

export function listSettlementDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
): Promise<SettlementDetailsRow[]> {
  return pageInScope(db, SettlementDetailsRow, scope, page);
}

import { findInScope, pageInScope } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { OndemandSettlementDetailsRow } from './ondemand-settlement-details.entity';

export function getOndemandSettlementDetails(
  db: SqlRunner,
  scope: ReadScope,
  id: string,
): Promise<OndemandSettlementDetailsRow | null> {
  return findInScope(db, OndemandSettlementDetailsRow, scope, id);
}

export function listOndemandSettlementDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
): Promise<OndemandSettlementDetailsRow[]> {
  return pageInScope(db, OndemandSettlementDetailsRow, scope, page);
}

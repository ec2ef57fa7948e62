import { findInScope, pageInScope } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { PlanDetailsRow } from './plan-details.entity';

export function getPlanDetails(
  db: SqlRunner,
  scope: ReadScope,
  id: string,
): Promise<PlanDetailsRow | null> {
  return findInScope(db, PlanDetailsRow, scope, id);
}

export function listPlanDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
): Promise<PlanDetailsRow[]> {
  return pageInScope(db, PlanDetailsRow, scope, page);
}

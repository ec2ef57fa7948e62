import { findInScope, pageInScope } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { DisputeDetailsRow } from './dispute-details.entity';

export function getDisputeDetails(
  db: SqlRunner,
  scope: ReadScope,
  id: string,
): Promise<DisputeDetailsRow | null> {
  return findInScope(db, DisputeDetailsRow, scope, id);
}

export function listDisputeDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
): Promise<DisputeDetailsRow[]> {
  return pageInScope(db, DisputeDetailsRow, scope, page);
}

import { findInScope, pageInScope } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { ItemDetailsRow } from './item-details.entity';

export function getItemDetails(
  db: SqlRunner,
  scope: ReadScope,
  id: string,
): Promise<ItemDetailsRow | null> {
  return findInScope(db, ItemDetailsRow, scope, id);
}

export function listItemDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
  filters: { active?: boolean },
): Promise<ItemDetailsRow[]> {
  return pageInScope(db, ItemDetailsRow, scope, page, { active: filters.active });
}

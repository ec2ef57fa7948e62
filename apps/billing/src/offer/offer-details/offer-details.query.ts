import { findInScope, pageInScope } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { OfferDetailsRow } from './offer-details.entity';

export function getOfferDetails(
  db: SqlRunner,
  scope: ReadScope,
  id: string,
): Promise<OfferDetailsRow | null> {
  return findInScope(db, OfferDetailsRow, scope, id);
}

export function listOfferDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
): Promise<OfferDetailsRow[]> {
  return pageInScope(db, OfferDetailsRow, scope, page);
}

import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { OfferEvent } from '../offer.events';
import { OfferDetailsRow } from './offer-details.entity';

export function evolveOfferDetails(
  row: OfferDetailsRow | null,
  stored: StoredEvent,
): OfferDetailsRow | null {
  const event = stored as StoredEvent<OfferEvent>;
  switch (event.type) {
    case 'OfferCreated':
      return newRow(event, event.data.createdAt, {
        active: true,
        terms: event.data.terms,
      });
    case 'OfferDeactivated':
      return row && { ...row, active: false };
    default:
      return row;
  }
}

export const offerDetailsProjection = rowProjection<OfferDetailsRow>({
  name: 'offer-details',
  entity: OfferDetailsRow,
  canHandle: ['OfferCreated', 'OfferDeactivated'],
  evolve: evolveOfferDetails,
});

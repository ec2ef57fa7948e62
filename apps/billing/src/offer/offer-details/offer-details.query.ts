import { readModelQueries } from '@platform/event-store';
import { OfferDetailsRow } from './offer-details.entity';

export const { get: getOfferDetails, list: listOfferDetails } = readModelQueries(OfferDetailsRow);

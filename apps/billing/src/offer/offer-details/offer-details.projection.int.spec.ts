import type { EventMetadata } from '@platform/event-store';
import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { BILLING_ENTITIES, BILLING_MIGRATIONS } from '../../app.module';
import { OFFER_STREAM } from '../offer.decider';
import type { OfferCreated, OfferDeactivated, OfferTerms } from '../offer.events';
import type { OfferDetailsRow } from './offer-details.entity';
import { offerDetailsProjection } from './offer-details.projection';
import { getOfferDetails } from './offer-details.query';

const NOW = 1_700_000_000_000;
const METADATA: EventMetadata = { accountId: 'acc_Test0000000001', mode: 'test', now: NOW };
const TERMS: OfferTerms = {
  name: 'Launch offer',
  displayText: '20% off the first 3 months',
  currency: 'INR',
  discountType: 'percent',
  discountPercent: 20,
  discountAmount: null,
  maxDiscount: 50_000,
  cycles: 3,
};

const offerCreated = (offerId: string): OfferCreated => ({
  type: 'OfferCreated',
  data: { offerId, terms: TERMS, createdAt: NOW },
});
const offerDeactivated = (): OfferDeactivated => ({
  type: 'OfferDeactivated',
  data: { at: NOW + 60_000 },
});

const spec = ProjectionSpecification.forStreams(offerDetailsProjection, {
  entities: BILLING_ENTITIES,
  migrations: BILLING_MIGRATIONS,
  streamType: OFFER_STREAM,
  metadata: METADATA,
  read: getOfferDetails,
});
const { stream: offer, detailsOf } = spec;
const activeRow = (id: string, overrides: Partial<OfferDetailsRow> = {}): OfferDetailsRow => ({
  ...rowOrigin(id, METADATA, NOW),
  active: true,
  terms: TERMS,
  ...overrides,
});

spec.describe('offer details projection', () => {
  it('shows an offer just created as active, with its terms', () =>
    spec
      .given(...offer('offer_Created00001', offerCreated('offer_Created00001')))
      .then(detailsOf('offer_Created00001'), activeRow('offer_Created00001')));

  it('shows a deactivated offer as inactive, its terms kept', () =>
    spec
      .given(...offer('offer_Deactivated1', offerCreated('offer_Deactivated1'), offerDeactivated()))
      .then(
        detailsOf('offer_Deactivated1'),
        activeRow('offer_Deactivated1', { version: 2, active: false }),
      ));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(...offer('offer_Replayed0001', offerCreated('offer_Replayed0001'), offerDeactivated()))
      .thenAfter(
        'redelivery',
        detailsOf('offer_Replayed0001'),
        activeRow('offer_Replayed0001', { version: 2, active: false }),
      ));

  it('shows the offer to no other account or mode', async () => {
    await spec
      .given(...offer('offer_OtherTenant1', offerCreated('offer_OtherTenant1')))
      .then(detailsOf('offer_OtherTenant1'), activeRow('offer_OtherTenant1'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getOfferDetails(db, other, 'offer_OtherTenant1'), null);
  });
});

import type { EventMetadata } from '@platform/event-store';
import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { BILLING_ENTITIES, BILLING_MIGRATIONS } from '../../app.module';
import { ADDON_STREAM } from '../addon.decider';
import type { AddonBilled, AddonCreated, AddonDeleted, AddonItem } from '../addon.events';
import type { AddonDetailsRow } from './addon-details.entity';
import { addonDetailsProjection } from './addon-details.projection';
import { getAddonDetails } from './addon-details.query';

const NOW = 1_700_000_000_000;
const LATER = NOW + 60_000;
const METADATA: EventMetadata = { accountId: 'acc_Test0000000001', mode: 'test', now: NOW };
const SUBSCRIPTION_ID = 'sub_AbCdEfGhIjKlMn';
const INVOICE_ID = 'inv_AbCdEfGhIjKlMn';
const ITEM: AddonItem = {
  name: 'Extra seat',
  description: null,
  amount: 30_000,
  currency: 'INR',
};

const addonCreated = (addonId: string): AddonCreated => ({
  type: 'AddonCreated',
  data: {
    addonId,
    subscriptionId: SUBSCRIPTION_ID,
    itemId: 'item_AddonItem0001',
    item: ITEM,
    quantity: 2,
    createdAt: NOW,
  },
});
const addonBilled = (): AddonBilled => ({
  type: 'AddonBilled',
  data: { invoiceId: INVOICE_ID, at: LATER },
});
const addonDeleted = (): AddonDeleted => ({ type: 'AddonDeleted', data: { at: LATER } });

const spec = ProjectionSpecification.forStreams(addonDetailsProjection, {
  entities: BILLING_ENTITIES,
  migrations: BILLING_MIGRATIONS,
  streamType: ADDON_STREAM,
  metadata: METADATA,
  read: getAddonDetails,
});
const { stream: addon, detailsOf } = spec;
const unbilledRow = (id: string, overrides: Partial<AddonDetailsRow> = {}): AddonDetailsRow => ({
  ...rowOrigin(id, METADATA, NOW),
  subscriptionId: SUBSCRIPTION_ID,
  itemId: 'item_AddonItem0001',
  item: ITEM,
  quantity: 2,
  invoiceId: null,
  updatedAt: NOW / 1000,
  ...overrides,
});

spec.describe('add-on details projection', () => {
  it('shows an add-on just created as not yet billed', () =>
    spec
      .given(...addon('ao_Created00000001', addonCreated('ao_Created00000001')))
      .then(detailsOf('ao_Created00000001'), unbilledRow('ao_Created00000001')));

  it('shows the invoice that billed the add-on, and when', () =>
    spec
      .given(...addon('ao_Billed000000001', addonCreated('ao_Billed000000001'), addonBilled()))
      .then(
        detailsOf('ao_Billed000000001'),
        unbilledRow('ao_Billed000000001', {
          version: 2,
          invoiceId: INVOICE_ID,
          updatedAt: LATER / 1000,
        }),
      ));

  it('shows no row for a deleted add-on', () =>
    spec
      .given(...addon('ao_Deleted00000001', addonCreated('ao_Deleted00000001'), addonDeleted()))
      .then(detailsOf('ao_Deleted00000001'), null));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(...addon('ao_Replayed0000001', addonCreated('ao_Replayed0000001'), addonBilled()))
      .thenAfter(
        'redelivery',
        detailsOf('ao_Replayed0000001'),
        unbilledRow('ao_Replayed0000001', {
          version: 2,
          invoiceId: INVOICE_ID,
          updatedAt: LATER / 1000,
        }),
      ));

  it('shows the add-on to no other account or mode', async () => {
    await spec
      .given(...addon('ao_OtherTenant0001', addonCreated('ao_OtherTenant0001')))
      .then(detailsOf('ao_OtherTenant0001'), unbilledRow('ao_OtherTenant0001'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getAddonDetails(db, other, 'ao_OtherTenant0001'), null);
  });
});

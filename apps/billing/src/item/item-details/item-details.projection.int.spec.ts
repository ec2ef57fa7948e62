import type { EventMetadata } from '@platform/event-store';
import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { BILLING_ENTITIES, BILLING_MIGRATIONS } from '../../app.module';
import { ITEM_STREAM } from '../item.decider';
import type { ItemDeleted, ItemDetails, ItemCreated, ItemUpdated } from '../item.events';
import type { ItemDetailsRow } from './item-details.entity';
import { itemDetailsProjection } from './item-details.projection';
import { getItemDetails } from './item-details.query';

const NOW = 1_700_000_000_000;
const LATER = NOW + 60_000;
const METADATA: EventMetadata = { accountId: 'acc_Test0000000001', mode: 'test', now: NOW };
const DETAILS: ItemDetails = {
  name: 'Book / Ignited Minds',
  description: 'Paperback',
  amount: 25_000,
  currency: 'INR',
  active: true,
};

const itemCreated = (itemId: string): ItemCreated => ({
  type: 'ItemCreated',
  data: { itemId, details: DETAILS, createdAt: NOW },
});
const itemUpdated = (changes: Partial<ItemDetails>): ItemUpdated => ({
  type: 'ItemUpdated',
  data: { changes, updatedAt: LATER },
});
const itemDeleted = (): ItemDeleted => ({ type: 'ItemDeleted', data: { deletedAt: LATER } });

const spec = ProjectionSpecification.forStreams(itemDetailsProjection, {
  entities: BILLING_ENTITIES,
  migrations: BILLING_MIGRATIONS,
  streamType: ITEM_STREAM,
  metadata: METADATA,
  read: getItemDetails,
});
const { stream: item, detailsOf } = spec;

function createdRow(id: string, overrides: Partial<ItemDetailsRow> = {}): ItemDetailsRow {
  return {
    ...rowOrigin(id, METADATA, NOW),
    ...DETAILS,
    updatedAt: NOW / 1000,
    ...overrides,
  };
}

spec.describe('item details projection', () => {
  it('shows an item just created, updated when created', () =>
    spec
      .given(...item('item_Created000001', itemCreated('item_Created000001')))
      .then(detailsOf('item_Created000001'), createdRow('item_Created000001')));

  it('shows the fields an update changed, and when', () =>
    spec
      .given(
        ...item(
          'item_Updated000001',
          itemCreated('item_Updated000001'),
          itemUpdated({ amount: 30_000, active: false }),
        ),
      )
      .then(
        detailsOf('item_Updated000001'),
        createdRow('item_Updated000001', {
          version: 2,
          amount: 30_000,
          active: false,
          updatedAt: LATER / 1000,
        }),
      ));

  it('shows no row for a deleted item', () =>
    spec
      .given(...item('item_Deleted000001', itemCreated('item_Deleted000001'), itemDeleted()))
      .then(detailsOf('item_Deleted000001'), null));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(
        ...item(
          'item_Replayed00001',
          itemCreated('item_Replayed00001'),
          itemUpdated({ description: null }),
        ),
      )
      .thenAfter(
        'redelivery',
        detailsOf('item_Replayed00001'),
        createdRow('item_Replayed00001', {
          version: 2,
          description: null,
          updatedAt: LATER / 1000,
        }),
      ));

  it('leaves a deleted item without a row when its events are replayed', () =>
    spec
      .given(...item('item_DeletedReplay', itemCreated('item_DeletedReplay'), itemDeleted()))
      .thenAfter('redelivery', detailsOf('item_DeletedReplay'), null));

  it('shows the item to no other account or mode', async () => {
    await spec
      .given(...item('item_OtherTenant01', itemCreated('item_OtherTenant01')))
      .then(detailsOf('item_OtherTenant01'), createdRow('item_OtherTenant01'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getItemDetails(db, other, 'item_OtherTenant01'), null);
  });
});

import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { AddonEvent } from '../addon.events';
import { AddonDetailsRow } from './addon-details.entity';

export function evolveAddonDetails(
  row: AddonDetailsRow | null,
  stored: StoredEvent,
): AddonDetailsRow | null {
  const event = stored as StoredEvent<AddonEvent>;
  switch (event.type) {
    case 'AddonCreated': {
      const { subscriptionId, itemId, item, quantity, createdAt } = event.data;
      return newRow(event, createdAt, {
        subscriptionId,
        itemId,
        item,
        quantity,
        invoiceId: null,
        updatedAt: Math.floor(createdAt / 1000),
      });
    }
    case 'AddonBilled':
      return (
        row && {
          ...row,
          invoiceId: event.data.invoiceId,
          updatedAt: Math.floor(event.data.at / 1000),
        }
      );
    case 'AddonDeleted':
      return null;
    default:
      return row;
  }
}

/** Inline: updated in the command's statement; a deleted add-on's row is removed. */
export const addonDetailsProjection = rowProjection<AddonDetailsRow>({
  name: 'addon-details',
  entity: AddonDetailsRow,
  canHandle: ['AddonCreated', 'AddonBilled', 'AddonDeleted'],
  evolve: evolveAddonDetails,
});

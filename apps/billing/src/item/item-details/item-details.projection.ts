import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { ItemEvent } from '../item.events';
import { ItemDetailsRow } from './item-details.entity';

export function evolveItemDetails(
  row: ItemDetailsRow | null,
  stored: StoredEvent,
): ItemDetailsRow | null {
  const event = stored as StoredEvent<ItemEvent>;
  switch (event.type) {
    case 'ItemCreated':
      return newRow(event, event.data.createdAt, {
        ...event.data.details,
        updatedAt: Math.floor(event.data.createdAt / 1000),
      });
    case 'ItemUpdated':
      return (
        row && { ...row, ...event.data.changes, updatedAt: Math.floor(event.data.updatedAt / 1000) }
      );
    case 'ItemDeleted':
      return null;
    default:
      return row;
  }
}

/** Inline: updated in the command's statement; a deleted item's row is removed. */
export const itemDetailsProjection = rowProjection<ItemDetailsRow>({
  name: 'item-details',
  entity: ItemDetailsRow,
  canHandle: ['ItemCreated', 'ItemUpdated', 'ItemDeleted'],
  evolve: evolveItemDetails,
});

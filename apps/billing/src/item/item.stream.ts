import type { CommandSpec } from '@platform/event-store';
import { itemDetailsProjection } from './item-details/item-details.projection';
import type { ItemCommand } from './item.commands';
import { ITEM_STREAM, itemDecider } from './item.decider';
import type { Item } from './item.decider';
import type { ItemEvent } from './item.events';

/** A command on an item stream, with its read model. */
export function onItem(
  itemId: string,
  command: ItemCommand,
  isNew = false,
): CommandSpec<Item, ItemCommand, ItemEvent> {
  return {
    decider: itemDecider,
    streamType: ITEM_STREAM,
    streamId: itemId,
    command,
    isNew,
    projections: [itemDetailsProjection],
  };
}

import { commandsOn } from '@platform/event-store';
import { itemDetailsProjection } from './item-details/item-details.projection';
import { ITEM_STREAM, itemDecider } from './item.decider';

/** A command on an item stream, with its read model. */
export const onItem = commandsOn({
  decider: itemDecider,
  streamType: ITEM_STREAM,
  projections: [itemDetailsProjection],
});

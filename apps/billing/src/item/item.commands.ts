import type { Command } from '@platform/domain-kit';
import type { ItemDetails } from './item.events';

export type CreateItem = Command<'CreateItem', { itemId: string; details: ItemDetails }>;

/** The fields sent replace those fields; `active` switches the item on or off. */
export type UpdateItem = Command<'UpdateItem', { changes: Partial<ItemDetails> }>;

export type DeleteItem = Command<'DeleteItem', Record<string, never>>;

export type ItemCommand = CreateItem | UpdateItem | DeleteItem;

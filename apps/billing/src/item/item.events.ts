import type { Event } from '@platform/domain-kit';

export interface ItemDetails {
  name: string;
  description: string | null;
  amount: number;
  currency: string;
  active: boolean;
}

/** Every time in these events: milliseconds on the account's clock. */
export type ItemCreated = Event<
  'ItemCreated',
  { itemId: string; details: ItemDetails; createdAt: number }
>;

/** The fields that changed, with their new values. */
export type ItemUpdated = Event<
  'ItemUpdated',
  { changes: Partial<ItemDetails>; updatedAt: number }
>;

export type ItemDeleted = Event<'ItemDeleted', { deletedAt: number }>;

export type ItemEvent = ItemCreated | ItemUpdated | ItemDeleted;

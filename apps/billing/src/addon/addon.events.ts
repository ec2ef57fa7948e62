import type { Event } from '@platform/domain-kit';

export interface AddonItem {
  name: string;
  description: string | null;
  amount: number;
  currency: string;
}

/** Times: milliseconds on the account's clock. */
export type AddonCreated = Event<
  'AddonCreated',
  {
    addonId: string;
    subscriptionId: string;
    itemId: string;
    item: AddonItem;
    quantity: number;
    createdAt: number;
  }
>;
/** Taken by a cycle's invoice: from then on it is billed and cannot be deleted. */
export type AddonBilled = Event<'AddonBilled', { invoiceId: string; at: number }>;
export type AddonDeleted = Event<'AddonDeleted', { at: number }>;

export type AddonEvent = AddonCreated | AddonBilled | AddonDeleted;

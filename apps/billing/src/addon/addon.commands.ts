import type { Command } from '@platform/domain-kit';
import type { AddonItem } from './addon.events';

export type CreateAddon = Command<
  'CreateAddon',
  { addonId: string; subscriptionId: string; itemId: string; item: AddonItem; quantity: number }
>;
export type BillAddon = Command<'BillAddon', { invoiceId: string }>;
export type DeleteAddon = Command<'DeleteAddon', Record<string, never>>;

export type AddonCommand = CreateAddon | BillAddon | DeleteAddon;

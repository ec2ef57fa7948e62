import type { ItemEntity } from '@platform/contracts';

/** What an item entity is made of, whether a catalogue item or a plan's. */
export interface ItemFacts {
  id: string;
  name: string;
  description: string | null;
  amount: number;
  currency: string;
  active: boolean;
  createdAt: number;
  updatedAt: number;
}

export function toItemEntity(item: ItemFacts, type: ItemEntity['type'] = 'invoice'): ItemEntity {
  return {
    id: item.id,
    entity: 'item',
    active: item.active,
    name: item.name,
    description: item.description,
    amount: item.amount,
    unit_amount: item.amount,
    currency: item.currency,
    type,
    unit: null,
    tax_inclusive: false,
    hsn_code: null,
    sac_code: null,
    tax_rate: null,
    tax_id: null,
    tax_group_id: null,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

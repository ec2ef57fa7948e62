import type { ItemEntity } from '@platform/contracts';
import type { AddonDetailsRow } from '../addon-details/addon-details.entity';
import { toItemEntity } from '../../item/dtos/item.response';

export interface AddonEntity {
  id: string;
  entity: 'addon';
  item: ItemEntity;
  quantity: number;
  created_at: number;
  subscription_id: string;
  invoice_id: string | null;
}

export function toAddonEntity(row: AddonDetailsRow): AddonEntity {
  const item = toItemEntity(
    {
      id: row.itemId,
      ...row.item,
      active: true,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    },
    'addon',
  );
  return {
    id: row.id,
    entity: 'addon',
    item,
    quantity: row.quantity,
    created_at: row.createdAt,
    subscription_id: row.subscriptionId,
    invoice_id: row.invoiceId,
  };
}

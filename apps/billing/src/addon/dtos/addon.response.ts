import type { ItemEntity } from '@platform/contracts';
import type { AddonDetailsRow } from '../addon-details/addon-details.entity';
import { toItemEntity } from '../../item/dtos/item.response';

/**
 * **Add-ons.** One-off charges on a subscription: upfront `addons` at creation are charged by the
 * authorization payment (on the first cycle's invoice, or, with `start_at`, on an invoice of their
 * own); POST /v1/subscriptions/{id}/addons adds one later, charged on the subscription's **next
 * cycle invoice** (a line of `type: addon`, name, description, amount and quantity as given), which
 * then sets its `invoice_id`. While `invoice_id` is null it waits for that invoice and DELETE
 * /v1/addons/{id} removes it; once invoiced it can no longer be deleted. A subscription still
 * `created` without `start_at` has its first invoice issued already, so its add-ons go on the
 * second cycle; a paused one bills no cycle until it is resumed. A final subscription (cancelled,
 * completed, expired) takes no add-ons.
 *
 * @example {
 *   "id": "ao_1Aa00000000001",
 *   "entity": "addon",
 *   "item": {
 *     "id": "item_1Aa00000000001",
 *     "entity": "item",
 *     "active": true,
 *     "name": "Extra appetizer",
 *     "description": "Cheese balls",
 *     "amount": 30000,
 *     "unit_amount": 30000,
 *     "currency": "INR",
 *     "type": "addon",
 *     "unit": null,
 *     "tax_inclusive": false,
 *     "hsn_code": null,
 *     "sac_code": null,
 *     "tax_rate": null,
 *     "tax_id": null,
 *     "tax_group_id": null,
 *     "created_at": 1736937000,
 *     "updated_at": 1736937000
 *   },
 *   "quantity": 2,
 *   "created_at": 1736937000,
 *   "subscription_id": "sub_1Aa00000000001",
 *   "invoice_id": null
 * }
 */
export interface AddonEntity {
  /** @example "ao_1Aa00000000001" */
  id: string;
  entity: 'addon';
  /** The add-on's own item (`type: addon`, always active; not listed with /v1/items). */
  item: ItemEntity & { type: 'addon'; active: true };
  /**
   * How many units the invoice charges.
   *
   * @minimum 1
   *
   * @maximum 1000
   */
  quantity: number;
  /** Unix seconds */
  created_at: number;
  /** @example "sub_1Aa00000000001" */
  subscription_id: string;
  /**
   * The cycle invoice that charged it; null while it waits for the next cycle (and can still be
   * deleted).
   */
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
    // An add-on's item is made with it, as an active `addon` item.
    item: item as AddonEntity['item'],
    quantity: row.quantity,
    created_at: row.createdAt,
    subscription_id: row.subscriptionId,
    invoice_id: row.invoiceId,
  };
}

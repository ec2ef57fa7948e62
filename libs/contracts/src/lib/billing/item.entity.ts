import type { CurrencyCode, Notes } from '../api-values';
/** The value lists of items and plans, written once for the billing service and the OpenAPI document. */
export const ITEM_TYPES = ['invoice', 'plan', 'addon'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const PLAN_PERIODS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/**
 * An item as the API shows it (`entity: "item"`): a catalogue entry, the item of a plan (`type:
 * "plan"`) or of an add-on (`type: "addon"`).
 */
export interface ItemEntity {
  /** @example "item_1Aa00000000001" */
  id: string;
  entity: 'item';
  /** Switched with PATCH; new items are active. */
  active: boolean;
  name: string;
  description: string | null;
  /**
   * In the smallest currency unit.
   *
   * @maximum 5000000000
   */
  // In the currency's smallest unit; `unit_amount` is the same (the SDK's types have both).
  amount: number;
  /** The same as `amount`. */
  unit_amount: number;
  /** @default "INR" */
  currency: CurrencyCode;
  /**
   * `invoice` for catalogue items, `plan` for the item a plan was created with, `addon` for a
   * subscription add-on's item (neither listed with /v1/items).
   */
  type: ItemType;
  unit: number | null;
  tax_inclusive: false;
  hsn_code: number | null;
  sac_code: number | null;
  tax_rate: number | null;
  tax_id: string | null;
  tax_group_id: string | null;
  /** Unix seconds */
  created_at: number;
  /** Unix seconds */
  updated_at: number;
}

/** A plan as the API shows it (`entity: "plan"`): what a subscription charges, every `interval` `period`s. */
export interface PlanEntity {
  /** @example "plan_1Aa00000000001" */
  id: string;
  entity: 'plan';
  /**
   * A cycle is `interval` periods: monthly with 2 is every two months.
   *
   * @minimum 1
   */
  interval: number;
  period: PlanPeriod;
  item: ItemEntity;
  notes: Notes;
  /** Unix seconds */
  created_at: number;
}

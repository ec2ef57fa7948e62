import type { Notes } from '../notes';
/** The value lists of items and plans, written once for the billing service and the OpenAPI document. */
export const ITEM_TYPES = ['invoice', 'plan', 'addon'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const PLAN_PERIODS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/** An item as the API shows it (`entity: "item"`): a catalogue entry, or the item of a plan (`type: "plan"`). */
export interface ItemEntity {
  id: string;
  entity: 'item';
  active: boolean;
  name: string;
  description: string | null;
  /** In the currency's smallest unit; `unit_amount` is the same (the SDK's types have both). */
  amount: number;
  unit_amount: number;
  currency: string;
  type: ItemType;
  unit: number | null;
  tax_inclusive: boolean;
  hsn_code: number | null;
  sac_code: number | null;
  tax_rate: number | null;
  tax_id: string | null;
  tax_group_id: string | null;
  created_at: number;
  updated_at: number;
}

/** A plan as the API shows it (`entity: "plan"`): what a subscription charges, every `interval` `period`s. */
export interface PlanEntity {
  id: string;
  entity: 'plan';
  interval: number;
  period: PlanPeriod;
  item: ItemEntity;
  notes: Notes;
  created_at: number;
}

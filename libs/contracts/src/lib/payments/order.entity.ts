import type { Notes } from '../notes';
/** `created` → `attempted` (first attempt) → `paid` (captured payments cover the amount). */
export const ORDER_STATUSES = ['created', 'attempted', 'paid'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order as the API shows it (`entity: "order"`); `amount_due` = `amount` − `amount_paid`. */
export interface OrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: string | null;
  status: OrderStatus;
  attempts: number;
  notes: Notes;
  partial_payment: boolean;
  first_payment_min_amount: number | null;
  created_at: number;
}

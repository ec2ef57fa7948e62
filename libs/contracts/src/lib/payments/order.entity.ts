export type OrderStatus = 'created' | 'attempted' | 'paid';

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
  notes: Record<string, string | number>;
  partial_payment: boolean;
  first_payment_min_amount: number | null;
  created_at: number;
}

export type RefundStatus = 'pending' | 'processed' | 'failed';

/** A refund as the API shows it (`entity: "refund"`). */
export interface RefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string | number>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: string | null;
  status: RefundStatus;
  speed_requested: 'normal' | 'optimum';
  speed_processed: 'normal' | 'instant' | null;
}

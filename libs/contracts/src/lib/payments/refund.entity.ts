import type { Notes } from '../notes';
export type RefundStatus = 'pending' | 'processed' | 'failed';

/** The speeds a refund can be asked for: `normal` (the default) or `optimum` (instant). */
export const REFUND_SPEEDS = ['normal', 'optimum'] as const;
export type RefundSpeed = (typeof REFUND_SPEEDS)[number];

/** A refund as the API shows it (`entity: "refund"`). */
export interface RefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: string | null;
  status: RefundStatus;
  speed_requested: RefundSpeed;
  speed_processed: 'normal' | 'instant' | null;
}

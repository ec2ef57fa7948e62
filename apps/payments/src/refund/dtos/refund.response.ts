import type { RefundEntity } from '@platform/contracts';
import type { RefundDetailsRow } from '../refund-details/refund-details.entity';

export function toRefundEntity(row: RefundDetailsRow): RefundEntity {
  return {
    id: row.id,
    entity: 'refund',
    amount: row.amount,
    currency: row.currency,
    payment_id: row.paymentId,
    notes: row.notes,
    receipt: row.receipt,
    acquirer_data: { arn: row.arn },
    created_at: row.createdAt,
    batch_id: null,
    status: row.status,
    speed_requested: row.speedRequested,
    speed_processed: row.speedProcessed,
  };
}

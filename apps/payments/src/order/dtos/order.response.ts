import { PAYMENT_LINK_PRODUCT_TYPE } from '@platform/contracts';
import type { OrderEntity } from '@platform/contracts';
import type { OrderDetailsRow } from '../order-details/order-details.entity';

export function toOrderEntity(row: OrderDetailsRow): OrderEntity {
  return {
    id: row.id,
    entity: 'order',
    amount: row.amount,
    amount_paid: row.amountPaid,
    amount_due: row.amount - row.amountPaid,
    currency: row.currency,
    receipt: row.receipt,
    offer_id: null,
    status: row.status,
    attempts: row.attempts,
    notes: row.notes,
    partial_payment: row.partialPayment,
    first_payment_min_amount: row.firstPaymentMinAmount,
    product_type: row.paymentLinkId ? PAYMENT_LINK_PRODUCT_TYPE : null,
    product_id: row.paymentLinkId,
    created_at: row.createdAt,
  };
}

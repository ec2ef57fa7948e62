import { findInScope, pageInScope } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { PaymentDetailsRow } from './payment-details.entity';

export function getPaymentDetails(
  db: SqlRunner,
  scope: ReadScope,
  id: string,
): Promise<PaymentDetailsRow | null> {
  return findInScope(db, PaymentDetailsRow, scope, id);
}

export function listPaymentDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
  filters: { orderId?: string; qrCodeId?: string } = {},
): Promise<PaymentDetailsRow[]> {
  return pageInScope(db, PaymentDetailsRow, scope, page, {
    order_id: filters.orderId,
    qr_code_id: filters.qrCodeId,
  });
}

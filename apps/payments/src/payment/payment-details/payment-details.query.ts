import { readModelQueries } from '@platform/event-store';
import { PaymentDetailsRow } from './payment-details.entity';

export const { get: getPaymentDetails, list: listPaymentDetails } = readModelQueries<
  PaymentDetailsRow,
  { orderId?: string; qrCodeId?: string }
>(PaymentDetailsRow, {
  orderId: 'order_id',
  qrCodeId: 'qr_code_id',
});

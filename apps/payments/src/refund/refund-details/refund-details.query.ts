import { readModelQueries } from '@platform/event-store';
import { RefundDetailsRow } from './refund-details.entity';

export const { get: getRefundDetails, list: listRefundDetails } = readModelQueries<
  RefundDetailsRow,
  { paymentId?: string }
>(RefundDetailsRow, { paymentId: 'payment_id' });

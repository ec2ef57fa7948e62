import type { EventRedactions } from '@platform/service-kit';
import type { PaymentAuthorized, PaymentDeclined, PaymentDetails } from './payment.events';

/** The payment's details without the simulator's internal flag (the payment's GET never shows it). */
const shownDetails = ({ disputeAfterCapture: _internal, ...details }: PaymentDetails) => details;

/** What a payment's history shows of its events' data. */
export const paymentRedactions: EventRedactions = {
  PaymentAuthorized: (data: PaymentAuthorized['data']) => ({
    ...data,
    details: shownDetails(data.details),
  }),
  PaymentDeclined: (data: PaymentDeclined['data']) => ({
    ...data,
    details: shownDetails(data.details),
  }),
};

import type { EventRedactions } from '@platform/service-kit';
import type {
  PaymentAuthorized,
  PaymentCreated,
  PaymentDeclined,
  PaymentDetails,
} from './payment.events';

/** The payment's details without the simulator's internal flag (the payment's GET never shows it). */
const shownDetails = ({ disputeAfterCapture: _internal, ...details }: PaymentDetails) => details;

/** What a payment's history shows of its events' data. */
export const paymentRedactions: EventRedactions = {
  // The acquirer's pending data (which error a test card will get) is its own, not the payment's.
  PaymentCreated: ({ acquirer, ...data }: PaymentCreated['data']) => ({
    ...data,
    details: shownDetails(data.details),
    acquirer: { name: acquirer.name, url: acquirer.url },
  }),
  PaymentAuthorized: (data: PaymentAuthorized['data']) => ({
    ...data,
    details: shownDetails(data.details),
  }),
  PaymentDeclined: (data: PaymentDeclined['data']) => ({
    ...data,
    details: shownDetails(data.details),
  }),
};

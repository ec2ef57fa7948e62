import { commandsOn, foldStream } from '@platform/event-store';
import type { DueJob, StoredEvent } from '@platform/event-store';
import { paymentDetailsProjection } from './payment-details/payment-details.projection';
import {
  CAPTURE_WINDOW_MS,
  CHALLENGE_WINDOW_MS,
  PAYMENT_STREAM,
  paymentDecider,
  wasCaptured,
} from './payment.decider';
import type { PaymentEvent } from './payment.events';
import { paymentIntegrationEvents } from './payment.integration';

export const AUTO_REFUND_JOB = 'payment.auto-refund';
/** A `created` payment whose customer never answers its challenge fails. */
export const EXPIRE_PAYMENT_JOB = 'payment.expire';
/** The dispute test card's dispute, raised by its bank once the payment is captured. */
export const TEST_DISPUTE_JOB = 'payment.test-dispute';

/** A command on a payment stream, with its read model, its public events and its due jobs. */
export const onPayment = commandsOn({
  decider: paymentDecider,
  streamType: PAYMENT_STREAM,
  projections: [paymentDetailsProjection],
  outbox: paymentIntegrationEvents,
  jobs: (appended, stream) => [
    ...expiryJobs(appended),
    ...autoRefundJobs(appended),
    ...testDisputeJobs(appended, stream),
  ],
});

/** A created payment fails 15 minutes after its creation (account clock) unless its customer answered. */
function expiryJobs(appended: readonly StoredEvent<PaymentEvent>[]): DueJob[] {
  return appended.flatMap((event) =>
    event.type === 'PaymentCreated'
      ? [
          {
            kind: EXPIRE_PAYMENT_JOB,
            streamId: event.streamId,
            dueAt: event.data.createdAt + CHALLENGE_WINDOW_MS,
          },
        ]
      : [],
  );
}

/** An authorized payment left uncaptured is refunded when its capture window ends (3 days, account clock). */
function autoRefundJobs(appended: readonly StoredEvent<PaymentEvent>[]): DueJob[] {
  const authorized = appended.find((event) => event.type === 'PaymentAuthorized');
  if (
    !authorized ||
    authorized.type !== 'PaymentAuthorized' ||
    appended.some((event) => event.type === 'PaymentCaptured')
  )
    return [];
  return [
    {
      kind: AUTO_REFUND_JOB,
      streamId: authorized.streamId,
      dueAt: authorized.data.createdAt + CAPTURE_WINDOW_MS,
    },
  ];
}

/** A payment made with the dispute test card is disputed by its bank as soon as it is captured. */
function testDisputeJobs(
  appended: readonly StoredEvent<PaymentEvent>[],
  stream: readonly StoredEvent<PaymentEvent>[],
): DueJob[] {
  const captured = appended.find((event) => event.type === 'PaymentCaptured');
  if (captured?.type !== 'PaymentCaptured') return [];
  // Folded (from the stream's snapshot, if any): the authorization may lie before it.
  const payment = foldStream(paymentDecider, stream);
  if (!wasCaptured(payment) || !payment.disputeAfterCapture) return [];
  return [{ kind: TEST_DISPUTE_JOB, streamId: captured.streamId, dueAt: captured.data.capturedAt }];
}

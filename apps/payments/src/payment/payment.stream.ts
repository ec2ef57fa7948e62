import type { CommandSpec, DueJob, StoredEvent } from '@platform/event-store';
import { paymentDetailsProjection } from './payment-details/payment-details.projection';
import type { PaymentCommand } from './payment.commands';
import { CAPTURE_WINDOW_MS, PAYMENT_STREAM, paymentDecider } from './payment.decider';
import type { Payment } from './payment.decider';
import type { PaymentEvent } from './payment.events';
import { paymentIntegrationEvents } from './payment.integration';

export const AUTO_REFUND_JOB = 'payment.auto-refund';

/** A command on a payment stream, with its read model, its public events and its due jobs. */
export function onPayment(paymentId: string, command: PaymentCommand, isNew = false): CommandSpec<Payment, PaymentCommand, PaymentEvent> {
  return {
    decider: paymentDecider,
    streamType: PAYMENT_STREAM,
    streamId: paymentId,
    command,
    isNew,
    projections: [paymentDetailsProjection],
    outbox: paymentIntegrationEvents,
    jobs: autoRefundJobs,
  };
}

/** An authorized payment left uncaptured is refunded when its capture window ends (3 days, account clock). */
function autoRefundJobs(appended: readonly StoredEvent<PaymentEvent>[]): DueJob[] {
  const authorized = appended.find((event) => event.type === 'PaymentAuthorized');
  if (!authorized || authorized.type !== 'PaymentAuthorized' || appended.some((event) => event.type === 'PaymentCaptured')) return [];
  return [{ kind: AUTO_REFUND_JOB, streamId: authorized.streamId, dueAt: authorized.data.createdAt + CAPTURE_WINDOW_MS }];
}

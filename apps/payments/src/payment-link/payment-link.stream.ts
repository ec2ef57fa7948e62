import { commandsOn, foldStream } from '@platform/event-store';
import type { DueJob, StoredEvent } from '@platform/event-store';
import { paymentLinkDetailsProjection } from './payment-link-details/payment-link-details.projection';
import { paymentLinkDecider } from './payment-link.decider';
import type { PaymentLinkEvent } from './payment-link.events';
import { paymentLinkIntegrationEvents } from './payment-link.integration';
import { expiresAt, PAYMENT_LINK_STREAM } from './payment-link.state';

export const EXPIRE_PAYMENT_LINK_JOB = 'payment-link.expire';
export const NOTIFY_PAYMENT_LINK_JOB = 'payment-link.notify';

/** A command on a payment link stream, with its read model, its public events and its timers. */
export const onPaymentLink = commandsOn({
  decider: paymentLinkDecider,
  streamType: PAYMENT_LINK_STREAM,
  projections: [paymentLinkDetailsProjection],
  outbox: paymentLinkIntegrationEvents,
  jobs: paymentLinkJobs,
});

/**
 * A link expires at its expire_by, or six months after its creation without one (a new expire_by
 * gets a new timer; the old one finds the link not due and does nothing). Creating it sends what
 * `notify` asks for, to the addresses its customer has.
 */
function paymentLinkJobs(
  appended: readonly StoredEvent<PaymentLinkEvent>[],
  stream: readonly StoredEvent<PaymentLinkEvent>[],
): DueJob[] {
  const made = appended.some((event) => event.type === 'PaymentLinkCreated');
  const moved = appended.some(
    (event) => event.type === 'PaymentLinkEdited' && event.data.changes.expireBy !== undefined,
  );
  if (!made && !moved) return [];
  const link = foldStream(paymentLinkDecider, stream);
  if (link.status === 'new') return [];
  const streamId = appended[0].streamId;
  const expiry = { kind: EXPIRE_PAYMENT_LINK_JOB, streamId, dueAt: expiresAt(link) };
  if (!made) return [expiry];
  const { notify, customer } = link.terms;
  const notice = (medium: 'sms' | 'email') => ({
    kind: NOTIFY_PAYMENT_LINK_JOB,
    streamId,
    dueAt: link.createdAt,
    payload: { medium },
  });
  return [
    expiry,
    ...(notify.sms && customer.contact ? [notice('sms')] : []),
    ...(notify.email && customer.email ? [notice('email')] : []),
  ];
}

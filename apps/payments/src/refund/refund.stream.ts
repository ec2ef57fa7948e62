import { commandsOn } from '@platform/event-store';
import type { DueJob, StoredEvent } from '@platform/event-store';
import { refundDetailsProjection } from './refund-details/refund-details.projection';
import { processingDueAt, REFUND_STREAM, refundDecider } from './refund.decider';
import type { RefundEvent } from './refund.events';
import { refundIntegrationEvents } from './refund.integration';

export const PROCESS_REFUND_JOB = 'refund.process';

/** A command on a refund stream, with its read model, its public events and its processing job. */
export const onRefund = commandsOn({
  decider: refundDecider,
  streamType: REFUND_STREAM,
  projections: [refundDetailsProjection],
  outbox: refundIntegrationEvents,
  jobs: processingJobs,
});

function processingJobs(appended: readonly StoredEvent<RefundEvent>[]): DueJob[] {
  return appended.flatMap((event) =>
    event.type === 'RefundCreated'
      ? [
          {
            kind: PROCESS_REFUND_JOB,
            streamId: event.streamId,
            dueAt: processingDueAt({
              speedRequested: event.data.terms.speedRequested,
              createdAt: event.data.createdAt,
            }),
          },
        ]
      : [],
  );
}

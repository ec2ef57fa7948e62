import type { CommandSpec, DueJob, StoredEvent } from '@platform/event-store';
import { refundDetailsProjection } from './refund-details/refund-details.projection';
import type { RefundCommand } from './refund.commands';
import { processingDueAt, REFUND_STREAM, refundDecider } from './refund.decider';
import type { Refund } from './refund.decider';
import type { RefundEvent } from './refund.events';
import { refundIntegrationEvents } from './refund.integration';

export const PROCESS_REFUND_JOB = 'refund.process';

/** A command on a refund stream, with its read model, its public events and its processing job. */
export function onRefund(
  refundId: string,
  command: RefundCommand,
  isNew = false,
): CommandSpec<Refund, RefundCommand, RefundEvent> {
  return {
    decider: refundDecider,
    streamType: REFUND_STREAM,
    streamId: refundId,
    command,
    isNew,
    projections: [refundDetailsProjection],
    outbox: refundIntegrationEvents,
    jobs: processingJobs,
  };
}

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

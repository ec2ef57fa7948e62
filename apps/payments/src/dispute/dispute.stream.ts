import { commandsOn } from '@platform/event-store';
import type { DueJob, StoredEvent } from '@platform/event-store';
import { disputeDetailsProjection } from './dispute-details/dispute-details.projection';
import { DISPUTE_STREAM, disputeDecider, REVIEW_MS } from './dispute.decider';
import type { DisputeEvent } from './dispute.events';
import { disputeIntegrationEvents } from './dispute.integration';

export const EXPIRE_DISPUTE_JOB = 'dispute.respond-by';
export const DECIDE_DISPUTE_JOB = 'dispute.decide';

/** A command on a dispute stream, with its read model, its public events and its deadlines. */
export const onDispute = commandsOn({
  decider: disputeDecider,
  streamType: DISPUTE_STREAM,
  projections: [disputeDetailsProjection],
  outbox: disputeIntegrationEvents,
  jobs: deadlines,
});

/** respond_by for a raised dispute; the bank's decision 3 days after a submission under review. */
function deadlines(appended: readonly StoredEvent<DisputeEvent>[]): DueJob[] {
  if (appended.some((event) => event.type === 'DisputeClosed')) return [];
  return appended.flatMap((event): DueJob[] => {
    if (event.type === 'DisputeRaised')
      return [
        { kind: EXPIRE_DISPUTE_JOB, streamId: event.streamId, dueAt: event.data.terms.respondBy },
      ];
    if (event.type === 'DisputeEvidenceSubmitted')
      return [
        {
          kind: DECIDE_DISPUTE_JOB,
          streamId: event.streamId,
          dueAt: event.data.submittedAt + REVIEW_MS,
        },
      ];
    return [];
  });
}

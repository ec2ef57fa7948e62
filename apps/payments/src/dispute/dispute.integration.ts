import { PaymentEventTypes, Topics } from '@platform/contracts';
import type { PublishedDisputeEvent } from '@platform/contracts';
import { integrationEventOf, streamUpTo } from '@platform/event-store';
import type { OutboxMessage, StoredEvent } from '@platform/event-store';
import { disputeDetailsProjection } from './dispute-details/dispute-details.projection';
import type { DisputeEvent } from './dispute.events';
import { toDisputeEntity } from './dtos/dispute.response';

const PUBLISHED: Partial<Record<DisputeEvent['type'], PublishedDisputeEvent['type']>> = {
  DisputeRaised: PaymentEventTypes.disputeCreated,
  DisputeEvidenceSubmitted: PaymentEventTypes.disputeUnderReview,
  DisputeWon: PaymentEventTypes.disputeWon,
  DisputeLost: PaymentEventTypes.disputeLost,
  DisputeClosed: PaymentEventTypes.disputeClosed,
};

/** dispute.created / under_review / won / lost / closed on payments.dispute, keyed by dispute id. */
export function disputeIntegrationEvents(
  appended: readonly StoredEvent<DisputeEvent>[],
  stream: readonly StoredEvent<DisputeEvent>[],
): OutboxMessage[] {
  return appended.flatMap((event) => {
    const type = PUBLISHED[event.type];
    // A submission that closes the dispute (fraud, retrieval) is published as closed only.
    if (
      !type ||
      (event.type === 'DisputeEvidenceSubmitted' &&
        appended.some((e) => e.type === 'DisputeClosed'))
    )
      return [];
    const row = disputeDetailsProjection.view(streamUpTo(stream, event.version));
    if (!row)
      throw new Error(`dispute ${event.streamId} has no details at version ${event.version}`);
    return [
      {
        topic: Topics.paymentsDispute,
        key: event.streamId,
        event: integrationEventOf(event, type, {
          dispute: toDisputeEntity(row),
        }) as PublishedDisputeEvent,
      },
    ];
  });
}

import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import { noEvidence } from '../dispute.decider';
import type { DisputeEvent } from '../dispute.events';
import { DisputeDetailsRow } from './dispute-details.entity';

const seconds = (ms: number) => Math.floor(ms / 1000);

export function evolveDisputeDetails(
  row: DisputeDetailsRow | null,
  stored: StoredEvent,
): DisputeDetailsRow | null {
  const event = stored as StoredEvent<DisputeEvent>;
  if (event.type === 'DisputeRaised') {
    const { terms, createdAt } = event.data;
    return newRow(event, createdAt, {
      paymentId: terms.paymentId,
      amount: terms.amount,
      currency: terms.currency,
      amountDeducted: 0,
      reasonCode: terms.reasonCode,
      gatewayDisputeId: terms.gatewayDisputeId ?? null,
      respondBy: seconds(terms.respondBy),
      status: 'open',
      phase: terms.phase,
      evidence: noEvidence(),
      submittedAt: null,
    });
  }
  if (!row) return row;
  switch (event.type) {
    case 'DisputeEvidenceSaved':
      return { ...row, evidence: event.data.evidence };
    case 'DisputeEvidenceSubmitted':
      return {
        ...row,
        evidence: event.data.evidence,
        submittedAt: seconds(event.data.submittedAt),
        status: 'under_review',
      };
    case 'DisputeWon':
      return { ...row, status: 'won' };
    case 'DisputeLost':
      return { ...row, status: 'lost', amountDeducted: event.data.amountDeducted };
    case 'DisputeClosed':
      return { ...row, status: 'closed' };
    default:
      return row;
  }
}

/** Inline: updated in the command's statement, so GET right after accept or contest sees it. */
export const disputeDetailsProjection = rowProjection<DisputeDetailsRow>({
  name: 'dispute-details',
  entity: DisputeDetailsRow,
  canHandle: [
    'DisputeRaised',
    'DisputeEvidenceSaved',
    'DisputeEvidenceSubmitted',
    'DisputeWon',
    'DisputeLost',
    'DisputeClosed',
  ],
  evolve: evolveDisputeDetails,
});

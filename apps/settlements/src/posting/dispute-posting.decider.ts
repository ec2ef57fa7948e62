import { assertUnreachable } from '@platform/domain-kit';
import type { DisputePostingCommand, OpenDisputeHold, ResolveDispute } from './posting.commands';
import type { DisputePostingEvent } from './posting.events';

export const DISPUTE_POSTING_STREAM = 'dispute-posting';

/** What the ledger did of a dispute so far: the stream id is the dispute id. */
export type DisputePosting =
  { status: 'none' } | { status: 'held'; amount: number } | { status: 'resolved' };

export const initialState = (): DisputePosting => ({ status: 'none' });

export function evolve(_state: DisputePosting, event: DisputePostingEvent): DisputePosting {
  switch (event.type) {
    case 'DisputeHoldPosted':
      return { status: 'held', amount: event.data.amount };
    case 'DisputeHoldReleased':
    case 'DisputeLossPosted':
      return { status: 'resolved' };
    default:
      return assertUnreachable(event);
  }
}

/** An opened dispute's amount goes on hold, once. */
export function openHold(command: OpenDisputeHold, state: DisputePosting): DisputePostingEvent[] {
  if (state.status !== 'none' || command.data.terms.amount === 0) return [];
  const { terms, holdId } = command.data;
  return [
    {
      type: 'DisputeHoldPosted',
      data: { adjustmentId: holdId, ...terms, openedAt: command.metadata.now },
    },
  ];
}

/**
 * The dispute's end: the hold goes back to the balance; a lost one then deducts its amount_deducted.
 * A loss whose opening never reached the ledger deducts without a hold to release. Only once.
 */
export function resolve(command: ResolveDispute, state: DisputePosting): DisputePostingEvent[] {
  if (state.status === 'resolved') return [];
  const { terms, outcome, amountDeducted, releaseId, lossId } = command.data;
  const at = command.metadata.now;
  const released: DisputePostingEvent[] =
    state.status === 'held'
      ? [
          {
            type: 'DisputeHoldReleased',
            data: {
              adjustmentId: releaseId,
              ...terms,
              amount: state.amount,
              outcome,
              releasedAt: at,
            },
          },
        ]
      : [];
  const lost: DisputePostingEvent[] =
    outcome === 'lost' && amountDeducted > 0
      ? [
          {
            type: 'DisputeLossPosted',
            data: { adjustmentId: lossId, ...terms, amount: amountDeducted, lostAt: at },
          },
        ]
      : [];
  return [...released, ...lost];
}

export function decide(
  command: DisputePostingCommand,
  state: DisputePosting,
): DisputePostingEvent[] {
  switch (command.type) {
    case 'OpenDisputeHold':
      return openHold(command, state);
    case 'ResolveDispute':
      return resolve(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const disputePostingDecider = { decide, evolve, initialState };

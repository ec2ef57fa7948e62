import {
  AlreadyExists,
  assertUnreachable,
  IllegalTransition,
  NotFound,
  ValidationFailed,
} from '@platform/domain-kit';
import type {
  AcceptDispute,
  ContestDispute,
  DecideDispute,
  DisputeCommand,
  ExpireDispute,
  RaiseDispute,
} from './dispute.commands';
import { EVIDENCE_CATEGORIES } from './dispute.events';
import type { DisputeEvent, DisputePhase, Evidence } from './dispute.events';

export const DISPUTE_STREAM = 'dispute';
/** How long a merchant has to answer a dispute (account clock). */
export const RESPONSE_WINDOW_MS = 7 * 24 * 3600 * 1000;
/** How long the bank (the simulator) takes to decide a submitted contest. */
export const REVIEW_MS = 3 * 24 * 3600 * 1000;
/** Disputes that only ask for information: answering closes them. */
const INFORMATION_PHASES: readonly DisputePhase[] = ['fraud', 'retrieval'];

export type Dispute =
  | { status: 'new' }
  | {
      status: 'open' | 'under_review' | 'won' | 'lost' | 'closed';
      amount: number;
      phase: DisputePhase;
      respondBy: number;
      evidence: Evidence;
      submittedAt: number | null;
    };

type ExistingDispute = Exclude<Dispute, { status: 'new' }>;

export const noEvidence = (): Evidence =>
  ({
    amount: null,
    summary: null,
    others: null,
    ...Object.fromEntries(EVIDENCE_CATEGORIES.map((category) => [category, null])),
  }) as Evidence;

export const initialState = (): Dispute => ({ status: 'new' });

export function evolve(state: Dispute, event: DisputeEvent): Dispute {
  if (event.type === 'DisputeRaised') {
    const { amount, phase, respondBy } = event.data.terms;
    return { status: 'open', amount, phase, respondBy, evidence: noEvidence(), submittedAt: null };
  }
  if (state.status === 'new') return state;
  switch (event.type) {
    case 'DisputeEvidenceSaved':
      return { ...state, evidence: event.data.evidence };
    case 'DisputeEvidenceSubmitted':
      return {
        ...state,
        evidence: event.data.evidence,
        submittedAt: event.data.submittedAt,
        status: 'under_review',
      };
    case 'DisputeWon':
      return { ...state, status: 'won' };
    case 'DisputeLost':
      return { ...state, status: 'lost' };
    case 'DisputeClosed':
      return { ...state, status: 'closed' };
    default:
      return assertUnreachable(event);
  }
}

/** The documents the evidence points at (every category and `others`). */
export function documentsOf(evidence: Partial<Evidence>): string[] {
  const listed = EVIDENCE_CATEGORIES.flatMap((category) => evidence[category] ?? []);
  return [...listed, ...(evidence.others ?? []).flatMap((other) => other.document_ids)];
}

function open(state: Dispute, now: number, verb: string): ExistingDispute {
  if (state.status === 'new') throw new NotFound();
  if (state.status !== 'open')
    throw new IllegalTransition(
      `Only an open dispute can be ${verb}; this one is ${state.status}.`,
    );
  if (now >= state.respondBy)
    throw new IllegalTransition(`The dispute can no longer be ${verb}: its respond_by has passed.`);
  return state;
}

export function raise(command: RaiseDispute, state: Dispute): DisputeEvent {
  if (state.status !== 'new') throw new AlreadyExists('The dispute already exists.');
  return {
    type: 'DisputeRaised',
    data: {
      disputeId: command.data.disputeId,
      terms: command.data.terms,
      createdAt: command.metadata.now,
    },
  };
}

export function accept(command: AcceptDispute, state: Dispute): DisputeEvent {
  const dispute = open(state, command.metadata.now, 'accepted');
  return {
    type: 'DisputeLost',
    data: { reason: 'accepted', amountDeducted: dispute.amount, decidedAt: command.metadata.now },
  };
}

export function contest(command: ContestDispute, state: Dispute): DisputeEvent[] {
  const dispute = open(state, command.metadata.now, 'contested');
  const evidence = { ...dispute.evidence, ...command.data.evidence };
  if (evidence.amount !== null && evidence.amount > dispute.amount)
    throw new ValidationFailed(
      `The amount may not be greater than the disputed amount (${dispute.amount}).`,
      'amount',
    );
  if (command.data.action === 'draft')
    return [{ type: 'DisputeEvidenceSaved', data: { evidence } }];
  if (!evidence.summary && documentsOf(evidence).length === 0)
    throw new ValidationFailed('A submission needs a summary or at least one document.', 'summary');
  const now = command.metadata.now;
  const submitted: DisputeEvent = {
    type: 'DisputeEvidenceSubmitted',
    data: {
      evidence: { ...evidence, amount: evidence.amount ?? dispute.amount },
      submittedAt: now,
    },
  };
  return INFORMATION_PHASES.includes(dispute.phase)
    ? [submitted, { type: 'DisputeClosed', data: { closedAt: now } }]
    : [submitted];
}

export function expire(command: ExpireDispute, state: Dispute): DisputeEvent[] {
  if (state.status !== 'open' || command.metadata.now < state.respondBy) return [];
  return [
    {
      type: 'DisputeLost',
      data: { reason: 'unanswered', amountDeducted: state.amount, decidedAt: command.metadata.now },
    },
  ];
}

/**
 * The simulator's bank: a submitted contest is decided 3 days after it was submitted; it is won when
 * the evidence includes at least one document, lost (the disputed amount deducted) otherwise.
 */
export function decideContest(command: DecideDispute, state: Dispute): DisputeEvent[] {
  if (
    state.status !== 'under_review' ||
    state.submittedAt === null ||
    command.metadata.now < state.submittedAt + REVIEW_MS
  )
    return [];
  const decidedAt = command.metadata.now;
  return documentsOf(state.evidence).length > 0
    ? [{ type: 'DisputeWon', data: { decidedAt } }]
    : [
        {
          type: 'DisputeLost',
          data: { reason: 'rejected', amountDeducted: state.amount, decidedAt },
        },
      ];
}

export function decide(command: DisputeCommand, state: Dispute): DisputeEvent | DisputeEvent[] {
  switch (command.type) {
    case 'RaiseDispute':
      return raise(command, state);
    case 'AcceptDispute':
      return accept(command, state);
    case 'ContestDispute':
      return contest(command, state);
    case 'ExpireDispute':
      return expire(command, state);
    case 'DecideDispute':
      return decideContest(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const disputeDecider = { decide, evolve, initialState };

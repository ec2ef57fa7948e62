import { AlreadyExists, assertUnreachable, NotFound } from '@platform/domain-kit';
import type {
  CreateRefund,
  EditRefundNotes,
  ProcessRefund,
  RefundCommand,
} from './refund.commands';
import type { RefundEvent, RefundSpeed } from './refund.events';

export const REFUND_STREAM = 'refund';

/**
 * How long a refund stays `pending` before the bank has it: `optimum` (instant) at once, `normal` in
 * 5 days (Razorpay quotes 5-7 working days). Both on the account's clock, so test clocks move them.
 */
export const PROCESSING_DELAY_MS: Record<RefundSpeed, number> = {
  optimum: 0,
  normal: 5 * 24 * 3600 * 1000,
};

export type Refund =
  | { status: 'new' }
  | { status: 'pending' | 'processed'; speedRequested: RefundSpeed; createdAt: number };

export const initialState = (): Refund => ({ status: 'new' });

export function evolve(state: Refund, event: RefundEvent): Refund {
  switch (event.type) {
    case 'RefundCreated':
      return {
        status: 'pending',
        speedRequested: event.data.terms.speedRequested,
        createdAt: event.data.createdAt,
      };
    case 'RefundProcessed':
      return state.status === 'new' ? state : { ...state, status: 'processed' };
    case 'RefundNotesEdited':
      return state;
    default:
      return assertUnreachable(event);
  }
}

export const processingDueAt = (refund: {
  speedRequested: RefundSpeed;
  createdAt: number;
}): number => refund.createdAt + PROCESSING_DELAY_MS[refund.speedRequested];

export function create(command: CreateRefund, state: Refund): RefundEvent {
  if (state.status !== 'new') throw new AlreadyExists('The refund already exists.');
  return {
    type: 'RefundCreated',
    data: {
      refundId: command.data.refundId,
      terms: command.data.terms,
      createdAt: command.metadata.now,
    },
  };
}

/** Processing is scheduled work: a refund already processed, or not yet due, is left as it is. */
export function process(command: ProcessRefund, state: Refund): RefundEvent[] {
  if (state.status !== 'pending' || command.metadata.now < processingDueAt(state)) return [];
  const speedProcessed = state.speedRequested === 'optimum' ? 'instant' : 'normal';
  return [
    {
      type: 'RefundProcessed',
      data: { speedProcessed, arn: command.data.arn, processedAt: command.metadata.now },
    },
  ];
}

export function editNotes(command: EditRefundNotes, state: Refund): RefundEvent {
  if (state.status === 'new') throw new NotFound();
  return { type: 'RefundNotesEdited', data: { notes: command.data.notes } };
}

export function decide(command: RefundCommand, state: Refund): RefundEvent | RefundEvent[] {
  switch (command.type) {
    case 'CreateRefund':
      return create(command, state);
    case 'ProcessRefund':
      return process(command, state);
    case 'EditRefundNotes':
      return editNotes(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const refundDecider = { decide, evolve, initialState };

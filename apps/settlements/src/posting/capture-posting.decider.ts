import type { PostCapture } from './posting.commands';
import type { CapturePostingEvent } from './posting.events';

export const CAPTURE_POSTING_STREAM = 'capture-posting';

/** A payment's capture, posted once: the stream id is the payment id. */
export type CapturePosting = { status: 'none' } | { status: 'posted' };

export const initialState = (): CapturePosting => ({ status: 'none' });

export const evolve = (_state: CapturePosting, event: CapturePostingEvent): CapturePosting =>
  event.type === 'CapturePosted' ? { status: 'posted' } : _state;

/** The first delivery posts; any later one (a redelivery, a replay) changes nothing. */
export function post(command: PostCapture, state: CapturePosting): CapturePostingEvent[] {
  if (state.status === 'posted') return [];
  const { paymentId, currency, amount, fee, tax, payment } = command.data;
  return [
    {
      type: 'CapturePosted',
      data: { paymentId, currency, amount, fee, tax, capturedAt: command.metadata.now, payment },
    },
  ];
}

export const decide = (command: PostCapture, state: CapturePosting): CapturePostingEvent[] =>
  post(command, state);

export const capturePostingDecider = { decide, evolve, initialState };

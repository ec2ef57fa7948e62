import type { PostRefund } from './posting.commands';
import type { RefundPostingEvent } from './posting.events';

export const REFUND_POSTING_STREAM = 'refund-posting';

/** A refund, posted once: the stream id is the refund id. */
export type RefundPosting = { status: 'none' } | { status: 'posted' };

export const initialState = (): RefundPosting => ({ status: 'none' });

export const evolve = (_state: RefundPosting, event: RefundPostingEvent): RefundPosting =>
  event.type === 'RefundPosted' ? { status: 'posted' } : _state;

/**
 * A refund takes its amount from the balance, whether or not the capture it gives back has reached
 * the ledger yet (the events come on different topics). The automatic refund of a payment that was
 * never captured gives back money the merchant never had: nothing to post.
 */
export function post(command: PostRefund, state: RefundPosting): RefundPostingEvent[] {
  if (state.status === 'posted' || !command.data.captured) return [];
  const { refundId, paymentId, currency, amount, notes, payment } = command.data;
  return [
    {
      type: 'RefundPosted',
      data: {
        refundId,
        paymentId,
        currency,
        amount,
        createdAt: command.metadata.now,
        notes,
        payment,
      },
    },
  ];
}

export const decide = (command: PostRefund, state: RefundPosting): RefundPostingEvent[] =>
  post(command, state);

export const refundPostingDecider = { decide, evolve, initialState };
